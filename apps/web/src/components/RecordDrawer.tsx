import { Drawer, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useLayout } from '../layout/store.js';

interface Props<T> {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** The drawer's width on a desktop; a phone's drawer takes the whole screen. */
  width: number;
  /** The record, or null while it loads: a spinner stands in for it. */
  record: T | null | undefined | false;
  /** The test id of the record's body. */
  testId: string;
  /** Called only once the record is there. */
  children: (record: T) => ReactNode;
}

/** One record's detail in a side drawer (an inbound or outbound order, a container). */
export function RecordDrawer<T>({ open, onClose, title, width, record, testId, children }: Props<T>) {
  const mobile = useLayout((s) => s.device === 'mobile');
  return (
    <Drawer open={open} onClose={onClose} size={mobile ? '100%' : width} title={title} destroyOnHidden>
      {record ? <div data-testid={testId}>{children(record)}</div> : <Spin style={{ display: 'block', margin: '48px auto' }} />}
    </Drawer>
  );
}
