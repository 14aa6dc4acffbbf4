import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Image, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../api/static-url.js';
import { useUploads } from '../../api/use-uploads.js';

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
  const { busy, add } = useUploads({ kind: 'image', value: photos, onChange, entry: (stored) => stored.url, max: MAX_PHOTOS });

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
          <Button icon={<CameraOutlined />} loading={busy} className="ret-photo-add" data-testid="return-photo-upload">
            {t('returns.addPhoto')}
          </Button>
        </Upload>
      )}
      {!onChange && !photos.length && <Typography.Text type="secondary">{t('returns.noPhotos')}</Typography.Text>}
    </div>
  );
}
