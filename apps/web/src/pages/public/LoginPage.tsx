import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
// The input parts the sign-in page shows, not antd's whole Input family (TextArea, Search, OTP): the
// page's first load has a 250 KB budget (bench/web.bench.mjs).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { SSO_URL } from '../../api/config.js';
import { ApiError } from '../../api/errors.js';
import { authApi } from '../../auth/api.js';
import { useAuth } from '../../auth/store.js';
import { loginEnvStore } from '../../auth/token.js';
import { consumeNotice } from '../../auth/notice.js';
import { CaptchaInput, useCaptcha } from './Captcha.js';
import { Notice } from './Notice.js';
import { PublicFrame } from './PublicFrame.js';

interface LoginForm {
  account: string;
  passwd: string;
  captcha?: string;
}

/** Where a finished sign-in goes: the single-sign-on address when `sso` is given, else `redirect`. */
function ssoTarget(sso: string, token: string): string {
  const url = new URL(SSO_URL || '/', location.origin);
  url.searchParams.set('sso', sso);
  url.searchParams.set('token', token);
  return url.toString();
}

export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/';
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const signIn = useAuth((s) => s.signIn);
  const captcha = useCaptcha();
  const [form] = Form.useForm<LoginForm>();
  const [trusted, setTrusted] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice] = useState(() => consumeNotice());
  const [busy, setBusy] = useState(false);
  const sso = params.get('sso');

  useEffect(() => {
    if (token && sso) location.assign(ssoTarget(sso, token));
  }, [token, sso]);

  if (token && !sso) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const checkTrust = async () => {
    const account = String(form.getFieldValue('account') ?? '')
      .trim()
      .toLowerCase();
    const envId = account ? loginEnvStore.get(account) : null;
    if (!envId) return setTrusted(false);
    try {
      await authApi.trusted(account, envId);
      setTrusted(true);
    } catch {
      setTrusted(false);
    }
  };

  // The modifier state where the browser reports it; else an upper-case letter typed without Shift.
  const onKey = (event: KeyboardEvent) => {
    const { key } = event;
    const letter = key.length === 1 && key.toLowerCase() !== key.toUpperCase();
    if (event.getModifierState?.('CapsLock')) return setCapsLock(true);
    if (letter) setCapsLock(key === key.toUpperCase() && !event.shiftKey);
    else if (key === 'CapsLock') setCapsLock((on) => !on);
  };

  const submit = async (values: LoginForm) => {
    const account = values.account.trim().toLowerCase();
    setBusy(true);
    setError(null);
    try {
      const eid = loginEnvStore.get(account) ?? undefined;
      const result = await authApi.login({ account, passwd: values.passwd, xxs: captcha.id, captcha: trusted ? '' : (values.captcha ?? '').trim(), eid });
      loginEnvStore.set(account, result.loginEnvId);
      signIn(result.token);
      if (sso) location.assign(ssoTarget(sso, result.token));
      else navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error.common'));
      if (err instanceof ApiError && err.code === 'CaptchaNotMatchError') setTrusted(false);
      form.setFieldValue('captcha', '');
      void captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame title={t('login.title')}>
      {notice && (
        <Notice type="info" testId="login-notice">
          {notice}
        </Notice>
      )}
      {error && (
        <Notice type="error" testId="login-error">
          {error}
        </Notice>
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} autoComplete="on">
        <Form.Item name="account" label={t('login.account')} rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus onBlur={checkTrust} data-testid="login-account" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="passwd"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
          extra={
            capsLock ? (
              <span data-testid="caps-lock-warning" style={{ color: '#d46b08' }}>
                {t('login.capsLock')}
              </span>
            ) : null
          }
        >
          <Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            onKeyDown={onKey}
            onKeyUp={onKey}
            data-testid="login-password"
            onFocus={checkTrust}
          />
        </Form.Item>
        {trusted ? (
          <p className="public-muted" data-testid="login-trusted">
            {t('login.trusted')}
          </p>
        ) : (
          <Form.Item name="captcha" label={t('login.captcha')} rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
            <CaptchaInput image={captcha.image} onRefresh={() => void captcha.refresh()} />
          </Form.Item>
        )}
        {/* Without its captcha loaded a sign-in could only fail (the captcha id is required): wait for it. */}
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!trusted && !captcha.id} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <div className="public-links">
        <Link to="/resetPasswordRequest">{t('login.forgot')}</Link>
        <span className="public-muted">{t('login.demoHint')}</span>
      </div>
    </PublicFrame>
  );
}
