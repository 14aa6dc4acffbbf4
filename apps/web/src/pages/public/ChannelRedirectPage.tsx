import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicFrame } from './PublicFrame.js';

/**
 * `/auth-redirect`, `/shopify/redirect`, `/ebay/redirect`: return pages of external authorisations.
 * The channel issue gives them their function; opened without parameters they say there is nothing to do.
 */
export default function ChannelRedirectPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame title={t('channelRedirect.nothing')}>
      <Result
        status="info"
        title={t('channelRedirect.nothing')}
        subTitle={t('channelRedirect.nothingText')}
        extra={
          <Link to="/">
            <Button type="primary">{t('channelRedirect.toConsole')}</Button>
          </Link>
        }
      />
    </PublicFrame>
  );
}
