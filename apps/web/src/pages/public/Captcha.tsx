import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../auth/api.js';

/** The captcha picture (click for a new one) and its text field. Reports the captcha id upwards. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<{ id: string; image: string } | null>(null);
  const refresh = useCallback(async () => {
    try {
      setCaptcha(await authApi.captcha());
    } catch {
      setCaptcha(null);
    }
  }, []);
  useEffect(() => {
    let alive = true;
    authApi
      .captcha()
      .then((next) => alive && setCaptcha(next))
      .catch(() => alive && setCaptcha(null));
    return () => {
      alive = false;
    };
  }, []);
  return { id: captcha?.id ?? '', image: captcha?.image ?? '', refresh };
}

export function CaptchaInput({ image, onRefresh, value, onChange }: { image: string; onRefresh: () => void; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="captcha-row">
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t('login.captcha')}
        autoComplete="off"
        maxLength={12}
        data-testid="captcha-input"
      />
      {image ? (
        <img
          className="captcha-img"
          src={image}
          alt={t('login.captchaRefresh')}
          title={t('login.captchaRefresh')}
          onClick={onRefresh}
          data-testid="captcha-image"
        />
      ) : (
        <button type="button" className="captcha-img" onClick={onRefresh}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** The form's captcha field: the picture from `useCaptcha` and the text the user read off it. */
export function CaptchaField({ captcha }: { captcha: ReturnType<typeof useCaptcha> }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="captcha" label={t('login.captcha')} rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
      <CaptchaInput image={captcha.image} onRefresh={() => void captcha.refresh()} />
    </Form.Item>
  );
}
