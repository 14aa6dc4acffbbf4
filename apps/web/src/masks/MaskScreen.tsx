import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaskList } from './MaskList.js';
import { useMask } from './useMask.js';

/** A screen driven by a stored mask: loads it, then renders its kind (list masks for now). */
export function MaskScreen({ name }: { name: string }) {
  const { t } = useTranslation();
  const state = useMask(name);
  if (state.status === 'loading') return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (state.status === 'denied') return <Result status="403" title="401" subTitle={t('error.NoPermission')} data-testid="mask-denied" />;
  if (state.status !== 'ready' || state.mask.kind !== 'list') return <Result status="404" title={t('mask.notFound')} data-testid="mask-missing" />;
  return <MaskList mask={state.mask} />;
}
