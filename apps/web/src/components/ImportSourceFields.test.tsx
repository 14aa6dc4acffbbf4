import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ImportSourceFields, useImportMerchants } from './ImportSourceFields.js';

const merchantOpts = vi.hoisted(() => ({ list: [] as Array<{ id: number; code: string; name: string }> }));
vi.mock('../api/request.js', () => ({ api: vi.fn(async () => merchantOpts.list) }));

function Dialog({ onFile, onForm }: { onFile: (file: File | null) => void; onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  const merchants = useImportMerchants(true, form);
  onForm(form);
  return (
    <Form form={form}>
      <ImportSourceFields merchants={merchants} onFile={onFile} texts={{ merchant: 'Merchant', file: 'File', required: 'Required' }} testId="x-import" />
    </Form>
  );
}

describe('import source fields', () => {
  it('a session with one merchant gets it chosen and no merchant field; the file goes to onFile', async () => {
    merchantOpts.list = [{ id: 7, code: 'C007', name: 'Seven' }];
    const onFile = vi.fn();
    let form: FormInstance | undefined;
    render(<Dialog onFile={onFile} onForm={(f) => (form = f)} />);
    await waitFor(() => expect(form?.getFieldValue('merchantId')).toBe(7));
    expect(screen.queryByTestId('x-import-merchant')).toBeNull();
    const file = new File(['sku'], 'items.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('x-import-file'), { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('staff who see several merchants choose one', async () => {
    merchantOpts.list = [
      { id: 1, code: 'C001', name: 'One' },
      { id: 2, code: 'C002', name: 'Two' },
    ];
    let form: FormInstance | undefined;
    render(<Dialog onFile={vi.fn()} onForm={(f) => (form = f)} />);
    expect(await screen.findByTestId('x-import-merchant')).toBeTruthy();
    expect(form?.getFieldValue('merchantId')).toBeUndefined();
  });
});
