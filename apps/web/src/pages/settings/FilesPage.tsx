import { Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/errors.js';
import { PagedList } from '../../api/paged.js';
import { request } from '../../api/request.js';
import { staticUrl } from '../../api/static-url.js';
import { formatDateTime } from '../../lib/format.js';
import { PageSizeSelect } from '../../components/Pager.js';
import { useAddressPageSize } from '../../api/use-cursor-list.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';

interface FileRow {
  id: string;
  kind: 'avatar' | 'image' | 'intern';
  name: string;
  mime: string;
  size: number;
  owner: string | null;
  merchantName: string | null;
  createdAt: string;
  url: string;
}

const KINDS = ['avatar', 'image', 'intern'] as const;
const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `/settings/files`: uploaded files with who and when, opened in a new tab, deleted when unused. */
export default function FilesPage() {
  const { t } = useTranslation();
  const canDelete = useCan()('sys.files.delete');
  const pager = useMemo(() => new PagedList<{ data: FileRow[]; next: string | null }>('/v0/files/'), []);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<string | undefined>();
  const [reloads, setReloads] = useState(0);
  const [page, setPage] = useState<{ key: string; rows: FileRow[]; next: string | null } | null>(null);
  const [pageSize, setPageSize] = useAddressPageSize();
  const key = JSON.stringify([search, kind, reloads, pageSize]);

  useEffect(() => {
    pager.fetch({ limit: pageSize, search: search || undefined, filters: { kind } }).then(
      (p) => setPage({ key, rows: p.data, next: p.next }),
      (err: unknown) => !isAbort(err) && setPage({ key, rows: [], next: null }),
    );
    return () => pager.cancel();
  }, [pager, search, kind, key, pageSize]);

  const more = async () => {
    if (!page?.next) return;
    const p = await pager.fetch({ limit: pageSize, cursor: page.next, search: search || undefined, filters: { kind } });
    setPage({ key, rows: [...page.rows, ...p.data], next: p.next });
  };

  const remove = async (file: FileRow) => {
    await request({ url: `/v0/files/${file.id}`, method: 'DELETE' });
    notify((n) => n.success(t('mask.done')));
    setReloads((n) => n + 1);
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
        loading={page?.key !== key}
        dataSource={page?.rows ?? []}
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
        {page?.next && (
          <Button style={{ flex: 1 }} onClick={() => void more()}>
            {t('users.more')}
          </Button>
        )}
        <PageSizeSelect value={pageSize} onChange={setPageSize} testId="files-page-size" />
      </div>
    </div>
  );
}
