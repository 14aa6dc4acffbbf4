import type { Page } from '@kontor/contracts';
import { PAGE_SIZES } from '@kontor/contracts/paging-core';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from './use-mask-rows.js';

interface Props {
  data: Page<Row> | undefined;
  pageSize: number;
  onPageSize(size: number): void;
  hasPrevious: boolean;
  onPrevious(): void;
  onNext(): void;
}

/** Total, page size (spec §9: 25 to 1000) and previous / next under a mask list; the cursor is in the address. */
export function MaskPager({ data, pageSize, onPageSize, hasPrevious, onPrevious, onNext }: Props) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
      <Typography.Text type="secondary" data-testid="mask-total">
        {data ? (data.totalCapped ? t('mask.totalCapped', { count: data.total }) : t('mask.total', { count: data.total })) : ''}
      </Typography.Text>
      <Space>
        <Select
          value={pageSize}
          onChange={onPageSize}
          options={PAGE_SIZES.map((size) => ({ value: size, label: t('mask.perPage', { size }) }))}
          style={{ width: 130 }}
          data-testid="mask-page-size"
        />
        <Button disabled={!hasPrevious} onClick={onPrevious} data-testid="mask-prev">
          {t('mask.previous')}
        </Button>
        <Button disabled={!data?.next} onClick={onNext} data-testid="mask-next">
          {t('mask.next')}
        </Button>
      </Space>
    </Space>
  );
}
