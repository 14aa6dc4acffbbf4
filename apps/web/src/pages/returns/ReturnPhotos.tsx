import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Image, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../api/static-url.js';
import { uploadFile } from '../../api/upload.js';

/** The contracts take at most 30 photos per return. */
const MAX_PHOTOS = 30;

interface Props {
  photos: string[];
  /** Without it the photos are only shown. */
  onChange?: (photos: string[]) => void;
}

/**
 * Photos of the parcel and its contents (facts §3.9): uploaded through `statics/upload/image`, kept
 * on the return as `{img:[{url}]}`; a click shows one large.
 */
export function ReturnPhotos({ photos, onChange }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(0);
  // Several photos upload at once: each adds itself to the list as it stands when it finishes.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);

  const add = async (file: File) => {
    setBusy((n) => n + 1);
    try {
      const stored = await uploadFile('image', file);
      latest.current = [...latest.current, stored.url].slice(0, MAX_PHOTOS);
      onChange?.(latest.current);
    } catch {
      // uploadFile has shown why (not an image, too large).
    } finally {
      setBusy((n) => n - 1);
    }
  };

  return (
    <div className="ret-photos" data-testid="return-photos">
      <Image.PreviewGroup>
        {photos.map((url) => (
          <div key={url} className="ret-photo">
            <Image src={staticUrl(url)} width={96} height={96} alt={t('returns.photo')} data-testid="return-photo" />
            {onChange && (
              <Button
                size="small"
                danger
                className="ret-photo-remove"
                icon={<DeleteOutlined />}
                aria-label={t('returns.removePhoto')}
                onClick={() => onChange(photos.filter((p) => p !== url))}
              />
            )}
          </div>
        ))}
      </Image.PreviewGroup>
      {onChange && photos.length < MAX_PHOTOS && (
        <Upload
          multiple
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <Button icon={<CameraOutlined />} loading={busy > 0} className="ret-photo-add" data-testid="return-photo-upload">
            {t('returns.addPhoto')}
          </Button>
        </Upload>
      )}
      {!onChange && !photos.length && <Typography.Text type="secondary">{t('returns.noPhotos')}</Typography.Text>}
    </div>
  );
}
