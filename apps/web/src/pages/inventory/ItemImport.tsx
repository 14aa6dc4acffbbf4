import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/request.js';
import { uploadFile } from '../../api/upload.js';
import { notify } from '../../notify/queue.js';
import { ImportSourceFields, useImportMerchants } from '../../components/ImportSourceFields.js';

/**
 * Item import (issue 5 §2): the file is uploaded, then imported by a background job whose progress
 * and error report appear in the jobs indicator. Staff choose the merchant; a merchant imports into
 * its own items. A bad row stops the import unless the user ticks "import the good rows".
 */
export function ItemImport() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ merchantId?: number; goodRowsOnly?: boolean }>();
  const merchants = useImportMerchants(open, form);
  const [file, setFile] = useState<File | null>(null);

  const start = async (values: { merchantId?: number; goodRowsOnly?: boolean }) => {
    if (!file) return;
    setBusy(true);
    try {
      const uploaded = await uploadFile('intern', file);
      await api('POST /v0/items/import', { data: { fileId: uploaded.id, merchantId: values.merchantId, goodRowsOnly: values.goodRowsOnly === true } });
      notify((n) => n.success(t('itemImport.started')));
      setOpen(false);
      setFile(null);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="item-import">
        {t('itemImport.button')}
      </Button>
      <Modal
        open={open}
        title={t('itemImport.title')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('itemImport.start')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        okButtonProps={{ disabled: !file, ...({ 'data-testid': 'item-import-start' } as Record<string, string>) }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('itemImport.help')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={start}>
          <ImportSourceFields
            merchants={merchants}
            onFile={setFile}
            texts={{ merchant: t('itemImport.merchant'), file: t('itemImport.file'), required: t('inventory.required') }}
            testId="item-import"
          />
          <Form.Item name="goodRowsOnly" valuePropName="checked">
            <Checkbox data-testid="item-import-good-rows">{t('itemImport.goodRowsOnly')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
