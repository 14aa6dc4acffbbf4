import { interpolate, type Locale } from '@kontor/contracts';

const TEXTS: Record<Locale, { subject: string; body: string }> = {
  en: {
    subject: 'Kontor: reset your password',
    body: 'Someone asked to reset the password of your Kontor account.\n\nOpen this link within one hour to choose a new password:\n{link}\n\nIf it was not you, ignore this mail; your password stays as it is.',
  },
  cn: {
    subject: 'Kontor：重置密码',
    body: '有人请求重置您的 Kontor 账户密码。\n\n请在一小时内打开以下链接设置新密码：\n{link}\n\n如果不是您本人操作，请忽略此邮件，您的密码不会改变。',
  },
  de: {
    subject: 'Kontor: Passwort zurücksetzen',
    body: 'Jemand möchte das Passwort Ihres Kontor-Kontos zurücksetzen.\n\nÖffnen Sie diesen Link innerhalb einer Stunde, um ein neues Passwort zu wählen:\n{link}\n\nWaren Sie es nicht, ignorieren Sie diese Mail; Ihr Passwort bleibt unverändert.',
  },
};

/** The reset mail in the user's language. */
export function resetMail(locale: Locale, link: string): { subject: string; body: string } {
  const text = TEXTS[locale] ?? TEXTS.en;
  return { subject: text.subject, body: interpolate(text.body, { link }) };
}
