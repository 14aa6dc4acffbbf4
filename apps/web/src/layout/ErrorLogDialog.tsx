import { Button, Empty, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.js';
import { useLayout } from './store.js';

/** Errors the console met in this session, newest first, with Clear all. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { errors, clearErrors } = useLayout();
  return (
    <Modal
      open={open}
      title={t('layout.errorLog')}
      onCancel={onClose}
      width={760}
      footer={[
        <Button key="clear" danger onClick={() => (clearErrors(), onClose())} data-testid="error-log-clear">
          {t('layout.errorLogClear')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      {errors.length === 0 ? (
        <Empty description={t('layout.errorLogEmpty')} />
      ) : (
        <Table
          size="small"
          rowKey={(e) => `${e.at}-${e.url}-${e.code}`}
          pagination={false}
          scroll={{ y: 400 }}
          dataSource={errors}
          columns={[
            { title: 'Time', dataIndex: 'at', width: 170, render: (at: number) => formatDateTime(at) },
            { title: 'Code', dataIndex: 'code', width: 150 },
            { title: 'Message', dataIndex: 'text' },
            { title: 'URL', dataIndex: 'url', ellipsis: true },
          ]}
        />
      )}
    </Modal>
  );
}
