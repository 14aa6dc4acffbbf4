import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { authApi } from '../../auth/api.js';
import { CaptchaField, useCaptcha } from './Captcha.js';
import { PublicFrame } from './PublicFrame.js';

/** `/resetPasswordRequest`: e-mail and captcha; the same answer whether the address is known or not. */
export default function ResetRequestPage() {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  const [form] = Form.useForm<{ email: string; captcha: string }>();
  const [state, setState] = useState<{ sent?: boolean; error?: string; busy?: boolean }>({});

  const submit = async (values: { email: string; captcha: string }) => {
    setState({ busy: true });
    try {
      await authApi.requestReset(values.email.trim().toLowerCase(), captcha.id, values.captcha.trim());
      setState({ sent: true });
    } catch (err) {
      setState({ error: err instanceof ApiError ? err.message : t('error.common') });
      form.setFieldValue('captcha', '');
      void captcha.refresh();
    }
  };

  return (
    <PublicFrame title={t('reset.requestTitle')} backToLogin>
      {state.sent ? (
        <Alert type="success" showIcon message={t('reset.sent')} data-testid="reset-sent" />
      ) : (
        <>
          <p>{t('reset.requestIntro')}</p>
          {state.error && <Alert type="error" showIcon message={state.error} style={{ marginBottom: 12 }} role="alert" />}
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item name="email" label={t('reset.email')} rules={[{ required: true, type: 'email', message: t('reset.email') }]}>
              <Input autoComplete="email" inputMode="email" data-testid="reset-email" />
            </Form.Item>
            <CaptchaField captcha={captcha} />
            <Button type="primary" htmlType="submit" block loading={state.busy} data-testid="reset-submit">
              {t('reset.send')}
            </Button>
          </Form>
        </>
      )}
    </PublicFrame>
  );
}
