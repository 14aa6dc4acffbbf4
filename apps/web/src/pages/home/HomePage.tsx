import { Card, Col, Descriptions, Row, Statistic, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/store.js';
import { formatDateTime } from '../../lib/format.js';
import { menuRoutes } from '../../router/route-match.js';
import { Announcements } from './Announcements.js';
import { FloorOverview } from './FloorOverview.js';
import { useCan } from '../../masks/can.js';
import type { RouteDef } from '@kontor/contracts';
import { roleLabel } from '../../auth/role-label.js';

const countLeaves = (routes: RouteDef[]): number => routes.reduce((n, r) => n + (r.children ? countLeaves(r.children) : 1), 0);

/** `/home`: who is signed in, what this session can reach and, for everyone who works with orders, the floor now (issue 19 item 10). */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const allowed = useAuth((s) => s.allowed);
  const can = useCan();
  const isAdmin = user?.roles.includes('admin') ?? false;
  const screens = useMemo(() => countLeaves(menuRoutes(allowed, isAdmin)), [allowed, isAdmin]);
  if (!user) return null;
  return (
    <div data-testid="home">
      <Typography.Title level={3}>{t('home.welcome', { name: user.name || user.account })}</Typography.Title>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('home.screens')} value={screens} />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('home.roles')}>
                {user.roles.map((role) => (
                  <Tag key={role}>{roleLabel(t, role)}</Tag>
                ))}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.merchant')}>{user.merchantName ?? t('common.na')}</Descriptions.Item>
              <Descriptions.Item label={t('home.lastLogin')}>{user.loginIp || t('common.na')}</Descriptions.Item>
              <Descriptions.Item label={t('home.sessionStarted')}>{formatDateTime(user.createdAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      {can('p11y.orders.list') && <FloorOverview />}
      <Announcements />
    </div>
  );
}
