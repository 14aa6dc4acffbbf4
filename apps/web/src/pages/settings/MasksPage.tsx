import type { ApiData } from '@kontor/contracts/api-responses';
import { toLocale } from '@kontor/contracts';
import { Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/request.js';
import { formatDateTime } from '../../lib/format.js';

type MaskSummary = ApiData<'GET /v0/masken/all'>[number];

/** `/settings/masken`: every stored mask with its state; a name opens the editor. */
export default function MasksPage() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const [rows, setRows] = useState<MaskSummary[] | null>(null);
  useEffect(() => {
    api('GET /v0/masken/all').then(setRows, () => setRows([]));
  }, []);
  return (
    <Table<MaskSummary>
      rowKey="name"
      size="small"
      loading={!rows}
      dataSource={rows ?? []}
      pagination={false}
      scroll={{ x: 700 }}
      data-testid="masks-list"
      columns={[
        {
          title: t('masks.name'),
          dataIndex: 'name',
          render: (name: string) => (
            <Link to={`/maske/edit?name=${encodeURIComponent(name)}`} data-testid={`mask-${name}`}>
              {name}
            </Link>
          ),
        },
        { title: t('masks.title'), dataIndex: 'title', render: (title: MaskSummary['title']) => title?.[locale] ?? t('common.na') },
        { title: t('masks.kind'), dataIndex: 'kind', width: 120 },
        {
          title: t('masks.state'),
          width: 140,
          render: (_: unknown, row: MaskSummary) =>
            row.edited ? <Tag color="orange">{t('masks.edited')}</Tag> : <Tag>{row.shipped ? t('masks.asShipped') : t('masks.custom')}</Tag>,
        },
        { title: t('masks.version'), dataIndex: 'version', width: 90, align: 'right' },
        { title: t('masks.updated'), dataIndex: 'updatedAt', width: 180, render: (v: string) => <Typography.Text>{formatDateTime(v)}</Typography.Text> },
      ]}
    />
  );
}
