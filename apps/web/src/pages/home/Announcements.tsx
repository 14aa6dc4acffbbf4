import type { ApiData } from '@kontor/contracts/api-responses';
import { NotificationOutlined } from '@ant-design/icons';
import { Card, List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/request.js';
import { formatDateTime } from '../../lib/format.js';

type Announcement = ApiData<'GET /v0/announcements/current'>[number];

/** Announcements open now for this user (issue 4 §4), in the user's language; nothing when there are none. */
export function Announcements() {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<Announcement[]>([]);
  useEffect(() => {
    api('GET /v0/announcements/current', { quiet: true, background: true }).then(setItems, () => setItems([]));
  }, [i18n.language]);
  if (!items.length) return null;
  return (
    <Card
      size="small"
      style={{ marginTop: 12 }}
      title={
        <span>
          <NotificationOutlined /> {t('home.announcements')}
        </span>
      }
      data-testid="announcements"
    >
      <List
        size="small"
        dataSource={items}
        renderItem={(a) => (
          <List.Item>
            <List.Item.Meta
              title={a.title}
              description={
                <>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{a.text}</Typography.Paragraph>
                  <Typography.Text type="secondary">{formatDateTime(a.publishFrom)}</Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
