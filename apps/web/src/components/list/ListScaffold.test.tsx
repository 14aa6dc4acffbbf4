import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CursorList } from '../../api/use-list-query.js';
import { useLayout } from '../../layout/store.js';
import { ListScaffold } from './ListScaffold.js';

interface Row {
  id: number;
  sku: string;
  name: string;
}

const list = {
  rows: [{ id: 1, sku: 'SKU-A', name: 'Blue mug' }],
  loading: false,
  total: 1,
  totalCapped: false,
  pageSize: 25,
  setPageSize: () => undefined,
  hasPrevious: false,
  previous: () => undefined,
  hasNext: false,
  next: () => undefined,
} as unknown as CursorList<Row>;

const columns = [
  { title: 'SKU', dataIndex: 'sku' },
  { title: 'Name', dataIndex: 'name' },
  { key: 'actions', render: () => 'open' },
];

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('list scaffold: the column chooser', () => {
  beforeEach(() => {
    localStorage.clear();
    useLayout.setState({ device: 'desktop' });
  });

  it('hides a column the user unticks, keeps columns without a plain title, and remembers the choice', async () => {
    const { unmount } = render(<ListScaffold id="items" testId="items-list" list={list} columns={columns} />);
    expect(headers()).toEqual(['SKU', 'Name', '']);
    fireEvent.click(screen.getByTestId('items-columns'));
    const choice = await screen.findByTestId('items-columns-choice');
    expect(within(choice).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(within(choice).getByLabelText('Name'));
    await waitFor(() => expect(headers()).toEqual(['SKU', '']));
    expect(screen.queryByText('Blue mug')).toBeNull();
    unmount();
    render(<ListScaffold id="items" testId="items-list" list={list} columns={columns} />);
    expect(headers()).toEqual(['SKU', '']);
  });

  it('offers no chooser on a phone, which shows its own columns', () => {
    useLayout.setState({ device: 'mobile' });
    render(<ListScaffold id="items" testId="items-list" list={list} columns={columns} />);
    expect(screen.queryByTestId('items-columns')).toBeNull();
  });
});
