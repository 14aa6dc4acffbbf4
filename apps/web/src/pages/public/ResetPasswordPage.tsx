import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.js';
import { authApi } from '../../auth/api.js';
import { CaptchaField, useCaptcha } from './Captcha.js';
import { PublicFrame } from './PublicFrame.js';

interface ResetForm {
  passwd: string;
  repeat: string;
  captcha: string;
}

/** `/resetPassword?token=…`: the link from the mail; a new password twice and a captcha. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const captcha = useCaptcha();
  const [form] = Form.useForm<ResetForm>();
  const [state, setState] = useState<{ done?: boolean; error?: string; busy?: boolean }>({});

  const submit = async (values: ResetForm) => {
    setState({ busy: true });
    try {
      await authApi.resetPassword(token, values.passwd, captcha.id, values.captcha.trim());
      setState({ done: true });
    } catch (err) {
      setState({ error: err instanceof ApiError ? err.message : t('error.common') });
      form.setFieldValue('captcha', '');
      void captcha.refresh();
    }
  };

  return (
    <PublicFrame title={t('reset.title')} backToLogin>
      {!token ? (
        <Alert type="warning" showIcon message={t('reset.noToken')} />
      ) : state.done ? (
        <Alert type="success" showIcon message={t('reset.done')} data-testid="reset-done" />
      ) : (
        <>
          {state.error && <Alert type="error" showIcon message={state.error} style={{ marginBottom: 12 }} role="alert" />}
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item name="passwd" label={t('reset.newPassword')} rules={[{ required: true, min: 8, message: t('reset.tooShort') }]}>
              <Input.Password autoComplete="new-password" data-testid="reset-password" />
            </Form.Item>
            <Form.Item
              name="repeat"
              label={t('reset.repeat')}
              dependencies={['passwd']}
              rules={[
                { required: true, message: t('reset.mismatch') },
                ({ getFieldValue }) => ({
                  validator: (_r, v) => (v === getFieldValue('passwd') ? Promise.resolve() : Promise.reject(new Error(t('reset.mismatch')))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="reset-repeat" />
            </Form.Item>
            <CaptchaField captcha={captcha} />
            <Button type="primary" htmlType="submit" block loading={state.busy} data-testid="reset-submit">
              {t('reset.submit')}
            </Button>
          </Form>
        </>
      )}
    </PublicFrame>
  );
}
