import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useCursorList } from './useCursorList.js';

/** The total and previous / next buttons under a cursor-paged list. */
export function Pager({ list, testId }: { list: Omit<ReturnType<typeof useCursorList>, 'rows'>; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
      <Typography.Text type="secondary" data-testid={`${testId}-total`}>
        {list.loading ? '' : list.totalCapped ? t('mask.totalCapped', { count: list.total }) : t('mask.total', { count: list.total })}
      </Typography.Text>
      <Space>
        <Button disabled={!list.hasPrevious} onClick={list.previous}>
          {t('mask.previous')}
        </Button>
        <Button disabled={!list.hasNext} onClick={list.next}>
          {t('mask.next')}
        </Button>
      </Space>
    </Space>
  );
}
