import { CheckOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useCountActions } from './use-count-actions.js';

interface Props {
  actions: ReturnType<typeof useCountActions>;
  /** Something typed differs from what was saved. */
  changed: boolean;
  canApprove: boolean;
}

/** Under an open count: save, approve (for those who may) or cancel it. */
export function StocktakeActions({ actions, changed, canApprove }: Props) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginTop: 12 }}>
      <Button icon={<SaveOutlined />} disabled={!changed} loading={actions.busy} onClick={actions.save} data-testid="count-save">
        {t('stocktake.save')}
      </Button>
      {canApprove && (
        <Button type="primary" icon={<CheckOutlined />} loading={actions.busy} onClick={actions.approve} data-testid="count-approve">
          {t('stocktake.approve')}
        </Button>
      )}
      <Button danger disabled={actions.busy} onClick={actions.cancel} data-testid="count-cancel">
        {t('stocktake.cancel')}
      </Button>
      <Typography.Text type="secondary">{t('stocktake.hint')}</Typography.Text>
      {!canApprove && (
        <Typography.Text type="secondary" data-testid="count-awaits-approval">
          {t('stocktake.awaitsApproval')}
        </Typography.Text>
      )}
    </Space>
  );
}
