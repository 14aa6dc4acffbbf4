import type { ApiData } from '@kontor/contracts/api-responses';
import { Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { api } from '../../api/request.js';
import { staticUrl } from '../../api/static-url.js';
import { useMoreList } from '../../api/use-more-list.js';
import { formatDateTime } from '../../lib/format.js';
import { PageSizeSelect } from '../../components/Pager.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';

type FileRow = ApiData<'GET /v0/files/'>['data'][number];

const KINDS = ['avatar', 'image', 'intern'] as const;
const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `/settings/files`: uploaded files with who and when, opened in a new tab, deleted when unused. */
export default function FilesPage() {
  const { t } = useTranslation();
  const canDelete = useCan()('sys.files.delete');
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<string | undefined>();
  const { rows, hasMore, more, loading, pageSize, setPageSize } = useMoreList('files', 'GET /v0/files/', search, { kind });

  const remove = async (file: FileRow) => {
    await api('DELETE /v0/files/:id', { path: { id: file.id } });
    notify((n) => n.success(t('mask.done')));
    void invalidateDomains('files');
  };

  return (
    <div data-testid="files-list">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('files.search')} onSearch={(v) => setSearch(v.trim())} style={{ width: 240 }} data-testid="files-search" />
        <Select
          allowClear
          placeholder={t('files.kind')}
          value={kind}
          onChange={setKind}
          style={{ width: 160 }}
          options={KINDS.map((k) => ({ value: k, label: t(`files.kinds.${k}`) }))}
        />
      </Space>
      <Table<FileRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('files.name'),
            dataIndex: 'name',
            ellipsis: true,
            render: (name: string, file) => (
              <a href={staticUrl(file.url)} target="_blank" rel="noreferrer">
                {name}
              </a>
            ),
          },
          { title: t('files.kind'), dataIndex: 'kind', width: 120, render: (k: string) => <Tag>{t(`files.kinds.${k}`)}</Tag> },
          { title: t('files.size'), dataIndex: 'size', width: 100, align: 'right', render: size },
          { title: t('files.owner'), dataIndex: 'owner', render: (v: string | null) => v ?? t('common.na') },
          { title: t('home.merchant'), dataIndex: 'merchantName', render: (v: string | null) => v ?? t('common.na') },
          { title: t('users.created'), dataIndex: 'createdAt', width: 170, render: formatDateTime },
          ...(canDelete
            ? [
                {
                  key: 'delete',
                  width: 90,
                  render: (_: unknown, file: FileRow) => (
                    <Popconfirm title={t('files.deleteConfirm', { name: file.name })} onConfirm={() => void remove(file).catch(() => undefined)}>
                      <Button size="small" danger data-testid={`file-delete-${file.name}`}>
                        {t('roles.delete')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <div style={{ marginTop: 8, display: 'flex', gap: 8 }}>
        {hasMore && (
          <Button style={{ flex: 1 }} onClick={more}>
            {t('users.more')}
          </Button>
        )}
        <PageSizeSelect value={pageSize} onChange={setPageSize} testId="files-page-size" />
      </div>
    </div>
  );
}
