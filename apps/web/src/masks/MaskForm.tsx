import { toLocale, validationText } from '@kontor/contracts';
import type { Mask } from '@kontor/contracts/masks';
import { Drawer, Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors.js';
import { problemText } from '../api/field-errors.js';
import { request } from '../api/request.js';
import { notify } from '../notify/queue.js';
import { formItemsFor, fromForm, toForm } from './derive.js';
import { FieldControl } from './FieldControl.js';
import { formRules } from './rules.js';
import { ConflictAlert, DrawerSaveButtons } from '../components/FormDrawerParts.js';

type Row = Record<string, unknown>;

interface Props {
  mask: Mask;
  /** The record to edit, or null to create one. */
  record: Row | null;
  open: boolean;
  onClose(): void;
  onSaved(row: Row): void;
  /** The record as stored now, after a conflict: the form shows it for the change to be made again. */
  onReloaded(row: Row): void;
}

/**
 * Create and edit form of a list mask (issue 4 §3): inputs and rules derived from the definition;
 * the server's field errors shown at their fields; a stale version answered with a conflict notice
 * and a reload, never a silent overwrite.
 */
export function MaskForm({ mask, record, open, onClose, onSaved, onReloaded }: Props) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const [form] = Form.useForm<Row>();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const mode = record ? 'edit' : 'create';
  const items = useMemo(() => formItemsFor(mask, locale, mode), [mask, locale, mode]);
  const api = mask.dataSrc!.api;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ? toForm(mask, record) : {});
  }, [open, record, mask, form]);

  const reload = async () => {
    if (!record) return;
    const fresh = await request<Row>({ url: `${api}${String(record[mask.pk])}` });
    setConflict(false);
    onReloaded(fresh);
  };

  const submit = async (raw: Row) => {
    const { values, errors } = fromForm(mask, raw, mode);
    const bad = Object.keys(errors);
    if (bad.length) {
      form.setFields(bad.map((name) => ({ name, errors: [validationText('notJson', locale, { field: items.find((i) => i.key === name)?.label ?? name })] })));
      return;
    }
    setSaving(true);
    try {
      const saved = record
        ? await request<Row>({ url: `${api}${String(record[mask.pk])}`, method: 'PUT', data: { ...values, version: record.version }, quiet: true })
        : await request<Row>({ url: api, method: 'POST', data: values, quiet: true });
      onSaved(saved);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'Conflict') return setConflict(true);
      // Errors at fields of the form are shown there; anything else (a duplicate, a rule across
      // records) as a message, in the user's language as the server worded it.
      // A rule's text names the field by its label, not its key (issue 15 item 13).
      const labelOf = (name: string) => items.find((i) => i.key === name)?.label;
      const fields = err.problems.filter((p) => labelOf(p.field) !== undefined);
      form.setFields(
        fields.map((p) => ({ name: p.field, errors: [err.code === 'Duplicate' ? err.message : p.rule ? problemText(t, p, labelOf) : p.message] })),
      );
      if (!fields.length) notify((n) => n.error(err.message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={`${mask.title[locale]} · ${record ? t('mask.edit') : t('mask.create')}`}
      destroyOnHidden
      extra={<DrawerSaveButtons saving={saving} onCancel={onClose} onSave={() => form.submit()} testId="mask-form" />}
    >
      {conflict && <ConflictAlert onReload={reload} testId="mask-form" />}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)} data-testid="mask-form">
        {items.map((spec) => (
          <Form.Item key={spec.key} name={spec.key} label={spec.label} rules={formRules(spec, locale)}>
            <FieldControl spec={spec} locale={locale} />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
