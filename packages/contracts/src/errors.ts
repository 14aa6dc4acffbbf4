import { interpolate, type Locale, type Translations } from './locale.js';

/**
 * THE error catalogue. Every envelope code the server may answer, with how the web shows it
 * (toast, or modal for ToFront) and its text in every language. The web's `error.<Code>` keys are
 * generated from this table, so a code cannot exist without its three translations.
 * Codes named by the spec (§8) and the original client (facts §6) keep their names.
 */
export const ERROR_CATALOGUE = {
  common: {
    en: 'Something went wrong. Please contact the administrator.',
    cn: '出现错误，请联系管理员。',
    de: 'Etwas ist schiefgelaufen. Bitte wenden Sie sich an den Administrator.',
  },
  InternalError: {
    en: 'Something went wrong. Please contact the administrator.',
    cn: '出现错误，请联系管理员。',
    de: 'Etwas ist schiefgelaufen. Bitte wenden Sie sich an den Administrator.',
  },
  IntegrityError: {
    en: 'Some information is missing or invalid.',
    cn: '部分信息缺失或无效。',
    de: 'Einige Angaben fehlen oder sind ungültig.',
  },
  NotFound: {
    en: 'The necessary information was not found.',
    cn: '未找到所需信息。',
    de: 'Die benötigten Informationen wurden nicht gefunden.',
  },
  LoginError: {
    en: 'Wrong password or invalid account.',
    cn: '密码错误或账号无效。',
    de: 'Falsches Passwort oder ungültiges Konto.',
  },
  CaptchaNotMatchError: {
    en: 'The captcha does not match. Please try again.',
    cn: '验证码错误，请重试。',
    de: 'Der Captcha-Code stimmt nicht. Bitte erneut versuchen.',
  },
  WrongPassword: {
    en: 'The current password is wrong.',
    cn: '当前密码不正确。',
    de: 'Das aktuelle Passwort ist falsch.',
  },
  LastAdmin: {
    en: 'The last administrator cannot be removed or disabled.',
    cn: '不能删除或停用最后一位管理员。',
    de: 'Der letzte Administrator kann nicht entfernt oder deaktiviert werden.',
  },
  Printing: {
    en: 'Printing!',
    cn: '正在打印！',
    de: 'Wird gedruckt!',
  },
  PrinterOffline: {
    en: 'Printer not online!',
    cn: '打印机不在线！',
    de: 'Drucker nicht online!',
  },
  SocketLoginRequired: {
    en: 'Please sign in again to receive live updates.',
    cn: '请重新登录以接收实时更新。',
    de: 'Bitte erneut anmelden, um Live-Meldungen zu erhalten.',
  },
  CaptchaRequired: {
    en: 'Please enter the captcha.',
    cn: '请输入验证码。',
    de: 'Bitte geben Sie den Captcha-Code ein.',
  },
  TooManyAttempts: {
    en: 'Too many failed sign-ins. Please try again in {minutes} minute(s).',
    cn: '登录失败次数过多，请在 {minutes} 分钟后重试。',
    de: 'Zu viele fehlgeschlagene Anmeldungen. Bitte in {minutes} Minute(n) erneut versuchen.',
  },
  NoPermission: {
    en: 'You do not have permission for this action.',
    cn: '您没有执行此操作的权限。',
    de: 'Sie haben keine Berechtigung für diese Aktion.',
  },
  Duplicate: {
    en: 'This value already exists.',
    cn: '该值已存在。',
    de: 'Dieser Wert existiert bereits.',
  },
  InUse: {
    en: 'This record is still in use and cannot be deleted.',
    cn: '该记录仍在使用中，无法删除。',
    de: 'Dieser Datensatz wird noch verwendet und kann nicht gelöscht werden.',
  },
  Conflict: {
    en: 'The record was changed by someone else. Please reload it.',
    cn: '该记录已被他人修改，请重新加载。',
    de: 'Der Datensatz wurde von jemand anderem geändert. Bitte neu laden.',
  },
  PayloadTooLarge: {
    en: 'The upload is too large (at most {maxMb} MB).',
    cn: '上传内容过大（最多 {maxMb} MB）。',
    de: 'Die Datei ist zu groß (höchstens {maxMb} MB).',
  },
  UnsupportedFile: {
    en: 'This file type is not allowed here.',
    cn: '此处不允许该文件类型。',
    de: 'Dieser Dateityp ist hier nicht erlaubt.',
  },
  InvalidToken: {
    en: 'This link is invalid or has expired.',
    cn: '该链接无效或已过期。',
    de: 'Dieser Link ist ungültig oder abgelaufen.',
  },
  InvalidState: {
    en: 'This action is not possible in the current state.',
    cn: '当前状态下无法执行此操作。',
    de: 'Diese Aktion ist im aktuellen Zustand nicht möglich.',
  },
  ToFront: {
    en: 'Please note.',
    cn: '请注意。',
    de: 'Bitte beachten.',
  },
  TrackingConflictError: {
    en: 'The tracking number is already on another pallet.',
    cn: '该运单号已在其他托盘上。',
    de: 'Die Sendungsnummer ist bereits auf einer anderen Palette.',
  },
  Unavailable: {
    en: 'The service is temporarily unavailable. Please try again shortly.',
    cn: '服务暂时不可用，请稍后重试。',
    de: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte gleich erneut versuchen.',
  },
  InsufficientStock: {
    en: 'Not enough stock: {available} available, {requested} requested.',
    cn: '库存不足：可用 {available}，请求 {requested}。',
    de: 'Nicht genug Bestand: {available} verfügbar, {requested} angefordert.',
  },
  CompartmentBlocked: {
    en: 'Compartment {code} is blocked.',
    cn: '库位 {code} 已被锁定。',
    de: 'Lagerplatz {code} ist gesperrt.',
  },
  ItemNotFound: {
    en: 'Item not found: {code}',
    cn: '未找到商品：{code}',
    de: 'Artikel nicht gefunden: {code}',
  },
  CompartmentNotFound: {
    en: 'Compartment not found: {code}',
    cn: '未找到库位：{code}',
    de: 'Lagerplatz nicht gefunden: {code}',
  },
  SerialConflict: {
    en: 'Serial number already used: {serial}',
    cn: '序列号已被使用：{serial}',
    de: 'Seriennummer bereits verwendet: {serial}',
  },
  NotOnOrder: {
    en: '{code} is not on this order. Confirm to receive it as an over-delivery.',
    cn: '{code} 不在此订单中。确认后按超收处理。',
    de: '{code} steht nicht auf diesem Auftrag. Bestätigen, um es als Mehrlieferung anzunehmen.',
  },
  OverDelivery: {
    en: '{code}: {counted} counted, {planned} planned. Confirm to accept more than planned.',
    cn: '{code}：已清点 {counted}，计划 {planned}。确认后接收超出计划的数量。',
    de: '{code}: {counted} gezählt, {planned} geplant. Bestätigen, um mehr als geplant anzunehmen.',
  },
  WrongCompartmentKind: {
    en: 'Compartment {code} cannot take this: it is a {kind} compartment.',
    cn: '库位 {code} 不可用于此操作：类型为 {kind}。',
    de: 'Lagerplatz {code} ist dafür nicht geeignet: Art {kind}.',
  },
  IdempotencyKeyReused: {
    en: 'This idempotency key was already used for a different request.',
    cn: '该幂等键已用于另一个请求。',
    de: 'Dieser Idempotenzschlüssel wurde bereits für eine andere Anfrage verwendet.',
  },
  // Carrier label reasons (issue 17 item 4): one code per CarrierErrorKind, shown in the label queue.
  CarrierAddress: {
    en: 'The carrier refused the address.',
    cn: '承运商拒绝了该地址。',
    de: 'Der Versanddienstleister hat die Adresse abgelehnt.',
  },
  CarrierWeight: {
    en: 'The weight is outside the limits of the carrier product.',
    cn: '重量超出承运商产品的限制。',
    de: 'Das Gewicht liegt außerhalb der Grenzen des Produkts beim Versanddienstleister.',
  },
  CarrierDimensions: {
    en: 'The dimensions are outside the limits of the carrier product.',
    cn: '尺寸超出承运商产品的限制。',
    de: 'Die Maße liegen außerhalb der Grenzen des Produkts beim Versanddienstleister.',
  },
  CarrierCustoms: {
    en: 'Customs data is missing or was refused.',
    cn: '海关数据缺失或被拒绝。',
    de: 'Zolldaten fehlen oder wurden abgelehnt.',
  },
  CarrierService: {
    en: 'The carrier product or service is not available for this shipment.',
    cn: '该承运商产品或服务不适用于此货件。',
    de: 'Das Produkt oder der Service des Versanddienstleisters ist für diese Sendung nicht verfügbar.',
  },
  CarrierAuth: {
    en: 'The carrier refused the account credentials.',
    cn: '承运商拒绝了账户凭据。',
    de: 'Der Versanddienstleister hat die Zugangsdaten abgelehnt.',
  },
  CarrierTimeout: {
    en: 'The carrier did not answer in time.',
    cn: '承运商未及时响应。',
    de: 'Der Versanddienstleister hat nicht rechtzeitig geantwortet.',
  },
  CarrierUnavailable: {
    en: 'The carrier is not available at the moment.',
    cn: '承运商暂时不可用。',
    de: 'Der Versanddienstleister ist derzeit nicht erreichbar.',
  },
  CarrierRefused: {
    en: 'The carrier refused the label.',
    cn: '承运商拒绝了该标签。',
    de: 'Der Versanddienstleister hat das Etikett abgelehnt.',
  },
  CarrierNotConfigured: {
    en: 'No carrier account is set up for this order.',
    cn: '此订单没有配置承运商账户。',
    de: 'Für diesen Auftrag ist kein Konto bei einem Versanddienstleister eingerichtet.',
  },
} as const satisfies Record<string, Translations>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Codes the web shows as a modal dialog rather than a toast (spec §8). */
export const MODAL_ERROR_CODES: readonly string[] = ['ToFront'];
/** Codes the web ignores silently (spec §8). */
export const SILENT_ERROR_CODES: readonly string[] = ['CaptchaRequired'];

export function errorText(code: string, locale: Locale, params?: Record<string, unknown>): string {
  const entry = (ERROR_CATALOGUE as Record<string, Translations>)[code] ?? ERROR_CATALOGUE.common;
  return interpolate(entry[locale], params);
}
