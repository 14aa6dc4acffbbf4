import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** `/404` and `/401`. */
export function SystemPage({ kind }: { kind: 404 | 401 }) {
  const { t } = useTranslation();
  return (
    <Result
      status={kind === 404 ? '404' : '403'}
      title={kind}
      subTitle={kind === 404 ? t('pages.notFound') : t('pages.noAccess')}
      extra={
        <Link to="/home">
          <Button type="primary">{t('pages.toHome')}</Button>
        </Link>
      }
      data-testid={`page-${kind}`}
    />
  );
}
