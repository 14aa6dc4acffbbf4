import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountStateTag } from '../../components/StatusTag.js';
import { StocktakeActions } from './StocktakeActions.js';
import { StocktakeAddLine } from './StocktakeAddLine.js';
import { StocktakeLines } from './StocktakeLines.js';
import { StocktakeUnits } from './StocktakeUnits.js';
import { useCountActions } from './use-count-actions.js';
import { useCountSheet } from './use-count-sheet.js';

interface Props {
  id: number;
  canApprove: boolean;
  onChanged(): void;
  onClose(): void;
}

/** The sheet of one count: counted quantities per line, lines added by scanning, differences, approval. */
export function StocktakeSheet({ id, canApprove, onChanged, onClose }: Props) {
  const { t } = useTranslation();
  const sheet = useCountSheet(id);
  const actions = useCountActions(id, sheet, onChanged);
  const { count } = sheet;
  if (!count) return <Card size="small" loading style={{ marginBottom: 12 }} />;
  const open = count.status === 'open';
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={
        <Space wrap>
          {t('stocktake.sheet', { id: count.id })}
          <CountStateTag status={count.status} />
        </Space>
      }
      extra={<Button type="text" icon={<CloseOutlined />} aria-label={t('stocktake.close')} onClick={onClose} />}
      data-testid="stocktake-sheet"
    >
      {open && <StocktakeAddLine sheet={sheet} />}
      <StocktakeUnits
        count={count}
        open={open}
        compartmentId={sheet.scan.compartmentId}
        onCounted={(next) => {
          sheet.setCount(next);
          onChanged();
        }}
      />
      <StocktakeLines sheet={sheet} open={open} />
      {open && <StocktakeActions actions={actions} changed={sheet.changed.length > 0} canApprove={canApprove} />}
    </Card>
  );
}
