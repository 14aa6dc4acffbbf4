import { PAGE_SIZES } from '@kontor/contracts/paging-core';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CursorList } from '../api/use-list-query.js';

/** The total, the page size (spec §9, kept in the address) and previous / next under a cursor-paged list. */
export function Pager({ list, testId }: { list: Omit<CursorList, 'rows' | 'page'>; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
      <Typography.Text type="secondary" data-testid={`${testId}-total`}>
        {list.loading ? '' : list.totalCapped ? t('mask.totalCapped', { count: list.total }) : t('mask.total', { count: list.total })}
      </Typography.Text>
      <Space>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} testId={`${testId}-page-size`} />
        <PageButtons hasPrevious={list.hasPrevious} onPrevious={list.previous} hasNext={list.hasNext} onNext={list.next} />
      </Space>
    </Space>
  );
}

/** The spec's page sizes (§9) for a list; the lists keep the choice in the address (`useAddressPageSize`). */
export function PageSizeSelect({ value, onChange, testId }: { value: number; onChange: (size: number) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Select
      value={value}
      onChange={onChange}
      options={PAGE_SIZES.map((size) => ({ value: size, label: t('mask.perPage', { size }) }))}
      style={{ width: 130 }}
      data-testid={testId}
    />
  );
}

/** Previous and next page of a cursor-paged list. */
export function PageButtons({
  hasPrevious,
  onPrevious,
  hasNext,
  onNext,
}: {
  hasPrevious: boolean;
  onPrevious: () => void;
  hasNext: boolean;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button disabled={!hasPrevious} onClick={onPrevious}>
        {t('mask.previous')}
      </Button>
      <Button disabled={!hasNext} onClick={onNext}>
        {t('mask.next')}
      </Button>
    </>
  );
}
