import { changePasswordBodySchema } from '@kontor/contracts';
import { Alert, Button, Card, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { authApi } from '../../auth/api.js';
import { useAuth } from '../../auth/store.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { ProfileCard } from './ProfileCard.js';

/** `/personal/settings`: profile, picture, preferred language and password change. */
export default function PersonalSettingsPage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const [form] = Form.useForm<{ old: string; next: string }>();
  const rulesOf = useSchemaRules(changePasswordBodySchema);
  const [result, setResult] = useState<{ ok?: boolean; error?: string }>({});
  if (!user) return null;

  const change = async ({ old, next }: { old: string; next: string }) => {
    setResult({});
    try {
      await authApi.changePassword(old, next);
      form.resetFields();
      setResult({ ok: true });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        form.setFields(
          Object.entries(err.fields).map(([field, message]) => ({ name: (field === 'new' ? 'next' : 'old') as 'old' | 'next', errors: [message] })),
        );
      } else setResult({ error: err instanceof ApiError ? err.message : t('error.common') });
    }
  };

  return (
    <Row gutter={[12, 12]} data-testid="personal-settings">
      <Col xs={24} lg={12}>
        <ProfileCard />
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('personal.changePassword')}>
          {result.ok && <Alert type="success" showIcon message={t('personal.passwordChanged')} style={{ marginBottom: 12 }} />}
          {result.error && <Alert type="error" showIcon message={result.error} style={{ marginBottom: 12 }} />}
          <Form form={form} layout="vertical" onFinish={change} requiredMark={false}>
            <Form.Item name="old" label={t('personal.oldPassword')} rules={rulesOf('old', t('personal.oldPassword'))}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="next" label={t('personal.newPassword')} rules={rulesOf('new', t('personal.newPassword'))}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('personal.changePassword')}
            </Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
