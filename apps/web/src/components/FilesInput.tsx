import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../api/static-url.js';
import { useUploads } from '../api/use-uploads.js';
import type { StoredFile } from '../api/files.js';
import { na } from '../lib/format.js';

/** The contracts take at most 20 files per announcement. */
const MAX_FILES = 20;

export const fileUrl = (file: StoredFile) => staticUrl(`/v0/static/${encodeURIComponent(file.id)}`);

/** Links to the files of an announcement, opened in a new tab. */
export function FileLinks({ files }: { files: StoredFile[] }) {
  if (!files.length) return <>{na()}</>;
  return (
    <Space orientation="vertical" size={0}>
      {files.map((file) => (
        <Typography.Link key={file.id} href={fileUrl(file)} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {file.name}
        </Typography.Link>
      ))}
    </Space>
  );
}

/**
 * Packing lists, invoices and photos of an announcement: uploaded as internal documents (visible to
 * staff and to the merchant), kept on the order as `{id, name}`.
 */
export function FilesInput({ value = [], onChange }: { value?: StoredFile[]; onChange?: (files: StoredFile[]) => void }) {
  const { t } = useTranslation();
  const { busy, add } = useUploads({ kind: 'intern', value, onChange, entry: (stored) => ({ id: stored.id, name: stored.name }), max: MAX_FILES });
  return (
    <div data-testid="inbound-files">
      {value.map((file) => (
        <div key={file.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Link href={fileUrl(file)} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 360 }}>
            <PaperClipOutlined /> {file.name}
          </Typography.Link>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('inbound.removeFile')}
            onClick={() => onChange?.(value.filter((f) => f.id !== file.id))}
          />
        </div>
      ))}
      {value.length < MAX_FILES && (
        <Upload
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} style={{ marginTop: value.length ? 8 : 0 }} data-testid="inbound-files-upload">
            {t('inbound.upload')}
          </Button>
        </Upload>
      )}
    </div>
  );
}
