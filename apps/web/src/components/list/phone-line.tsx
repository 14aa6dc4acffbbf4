import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

/**
 * A list's one column on a phone: the record's parts stacked (its number or name, a secondary line,
 * its tags), so the table fits the screen instead of scrolling sideways. Give it to `ListScaffold`
 * as `phoneColumns`.
 */
export function phoneLine<T>(title: string, render: (row: T) => ReactNode): ColumnsType<T>[number] {
  return {
    key: 'line',
    title,
    render: (_: unknown, row: T) => <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>{render(row)}</div>,
  };
}
