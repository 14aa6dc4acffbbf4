import type { ApiData } from '@kontor/contracts/api-responses';
import { Form, Select, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../api/request.js';

type MerchantOpt = ApiData<'GET /v0/merchants/opts'>[number];

/**
 * The merchants an import may go to, read when its dialog opens. A session that sees one merchant
 * (a merchant's own) gets it chosen in the form's `merchantId`, and no field to choose it.
 */
export function useImportMerchants(open: boolean, form: FormInstance): MerchantOpt[] {
  const [merchants, setMerchants] = useState<MerchantOpt[]>([]);
  useEffect(() => {
    if (!open) return;
    void api('GET /v0/merchants/opts').then((list) => {
      setMerchants(list);
      if (list.length === 1) form.setFieldValue('merchantId', list[0]!.id);
    });
  }, [open, form]);
  return merchants;
}

interface Props {
  merchants: MerchantOpt[];
  onFile: (file: File | null) => void;
  texts: { merchant: string; file: string; required: string };
  /** The fields are `<testId>-merchant` and `<testId>-file`. */
  testId: string;
}

/** The merchant (when there is a choice) and the spreadsheet of an import dialog's form. */
export function ImportSourceFields({ merchants, onFile, texts, testId }: Props) {
  return (
    <>
      {merchants.length > 1 && (
        <Form.Item name="merchantId" label={texts.merchant} rules={[{ required: true, message: texts.required }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={merchants.map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))}
            data-testid={`${testId}-merchant`}
          />
        </Form.Item>
      )}
      <Form.Item label={texts.file} required>
        <input
          type="file"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          data-testid={`${testId}-file`}
        />
      </Form.Item>
    </>
  );
}
