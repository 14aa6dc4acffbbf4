import { PlusOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

interface Props<T> {
  testId: string;
  /** Above the button: what the list is for. */
  intro?: ReactNode;
  /** The "new" button, left out for a user who may not create. */
  create?: { label: string; onClick(): void; testId: string } | false;
  /** The records, or null while they load. */
  rows: T[] | null;
  columns: ColumnsType<T>;
  scrollX: number;
  /** The dialogs the list opens. */
  children?: ReactNode;
}

/**
 * A short settings list read whole (roles, OAuth clients): a "new" button above one unpaged table.
 * Lists that can grow go on `ListScaffold` with a cursor pager instead.
 */
export function SmallList<T extends { id: number | string }>({ testId, intro, create, rows, columns, scrollX, children }: Props<T>) {
  return (
    <div data-testid={testId}>
      {intro}
      {create && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={create.onClick} data-testid={create.testId}>
          {create.label}
        </Button>
      )}
      <Table<T> rowKey="id" size="small" loading={!rows} dataSource={rows ?? []} pagination={false} scroll={{ x: scrollX }} columns={columns} />
      {children}
    </div>
  );
}
