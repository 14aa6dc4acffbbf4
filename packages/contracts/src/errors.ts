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

/** Texts of validation rules, used for field errors on the server and in forms. */
export const VALIDATION_TEXTS = {
  required: { en: '{field} is required.', cn: '{field} 为必填项。', de: '{field} ist erforderlich.' },
  invalid: { en: '{field} is invalid.', cn: '{field} 无效。', de: '{field} ist ungültig.' },
  unknownField: { en: 'Unknown field {field}.', cn: '未知字段 {field}。', de: 'Unbekanntes Feld {field}.' },
  tooShort: { en: '{field} is too short (at least {min}).', cn: '{field} 太短（至少 {min}）。', de: '{field} ist zu kurz (mindestens {min}).' },
  tooLong: { en: '{field} is too long (at most {max}).', cn: '{field} 太长（最多 {max}）。', de: '{field} ist zu lang (höchstens {max}).' },
  tooSmall: { en: '{field} must be at least {min}.', cn: '{field} 不能小于 {min}。', de: '{field} muss mindestens {min} sein.' },
  tooBig: { en: '{field} must be at most {max}.', cn: '{field} 不能大于 {max}。', de: '{field} darf höchstens {max} sein.' },
  moreThan: { en: '{field} must be more than {min}.', cn: '{field} 必须大于 {min}。', de: '{field} muss größer als {min} sein.' },
  lessThan: { en: '{field} must be less than {max}.', cn: '{field} 必须小于 {max}。', de: '{field} muss kleiner als {max} sein.' },
  requiredForItem: { en: '{field} is required for this item.', cn: '此商品必须填写 {field}。', de: '{field} ist für diesen Artikel erforderlich.' },
  noSerials: { en: '{field}: this item takes none.', cn: '{field}：此商品不使用。', de: '{field}: Dieser Artikel hat keine.' },
  serialPerUnit: {
    en: '{field}: one per unit, {expected} expected.',
    cn: '{field}：每件一个，应为 {expected} 个。',
    de: '{field}: eine je Stück, {expected} erwartet.',
  },
  expiryRequired: {
    en: '{sku} is expiry-tracked: a best-before date is required.',
    cn: '{sku} 需要管理保质期：必须填写最佳食用日期。',
    de: '{sku} wird mit Mindesthaltbarkeit geführt: ein MHD ist erforderlich.',
  },
  expiryRefused: {
    en: '{sku} is not expiry-tracked: leave the best-before date empty.',
    cn: '{sku} 不管理保质期：请勿填写最佳食用日期。',
    de: '{sku} wird ohne Mindesthaltbarkeit geführt: bitte kein MHD angeben.',
  },
  expiryOnlyAdding: {
    en: 'A best-before date is only given when units are added.',
    cn: '仅在增加数量时填写最佳食用日期。',
    de: 'Ein MHD wird nur beim Zubuchen angegeben.',
  },
  expiryOtherDate: {
    en: '{item} here expires on {expiry}: book units of another date as another batch.',
    cn: '{item} 在此的到期日为 {expiry}：其他日期的数量请按另一批次入账。',
    de: '{item} läuft hier am {expiry} ab: Stück mit anderem Datum als eigene Charge buchen.',
  },
  unknownRecord: { en: '{field}: {value} does not exist.', cn: '{field}：{value} 不存在。', de: '{field}: {value} gibt es nicht.' },
  listedTwice: { en: '{sku} is listed twice.', cn: '{sku} 重复列出。', de: '{sku} ist doppelt aufgeführt.' },
  pickingStarted: {
    en: 'Picking has started: the order can no longer be changed.',
    cn: '拣货已开始：订单不能再修改。',
    de: 'Die Kommissionierung hat begonnen: Der Auftrag kann nicht mehr geändert werden.',
  },
  transition: { en: '{field}: {from} → {to} is not allowed.', cn: '{field}：不允许 {from} → {to}。', de: '{field}: {from} → {to} ist nicht erlaubt.' },
  closedState: {
    en: '{field} cannot be changed in state {state}.',
    cn: '状态 {state} 下不能修改 {field}。',
    de: '{field} kann im Status {state} nicht geändert werden.',
  },
  sameAsBefore: { en: '{field} must differ from the current one.', cn: '{field} 不能与当前相同。', de: '{field} muss sich vom bisherigen unterscheiden.' },
  availableOnly: { en: 'Only {available} available.', cn: '仅可用 {available}。', de: 'Nur {available} verfügbar.' },
  notInCount: { en: '{value} is not part of this count.', cn: '{value} 不在本次盘点范围内。', de: '{value} gehört nicht zu dieser Inventur.' },
  unitNotThere: {
    en: '{unit} is not in compartment {compartment}.',
    cn: '{unit} 不在库位 {compartment}。',
    de: '{unit} liegt nicht im Lagerplatz {compartment}.',
  },
  releaseFirst: {
    en: '{compartment} {sku}: {reserved} reserved; release them before posting.',
    cn: '{compartment} {sku}：已预留 {reserved}；请先释放再过账。',
    de: '{compartment} {sku}: {reserved} reserviert; vor dem Buchen freigeben.',
  },
  otherMerchantUnit: { en: 'The unit belongs to another merchant.', cn: '该单元属于其他商户。', de: 'Die Einheit gehört einem anderen Händler.' },
  containsItself: { en: 'An item cannot contain itself.', cn: '商品不能包含自身。', de: 'Ein Artikel kann sich nicht selbst enthalten.' },
  sameMerchantComponents: {
    en: 'Components must be items of the same merchant.',
    cn: '组件必须是同一商户的商品。',
    de: 'Komponenten müssen Artikel desselben Händlers sein.',
  },
  ambiguousCode: {
    en: '{code} belongs to items of several merchants: choose the item.',
    cn: '{code} 属于多个商户的商品：请选择商品。',
    de: '{code} gehört zu Artikeln mehrerer Händler: bitte den Artikel wählen.',
  },
  customerFirst: { en: 'Choose the customer before booking the return in.', cn: '入库前请选择客户。', de: 'Vor dem Einbuchen den Kunden wählen.' },
  noLines: { en: 'There are no lines to book.', cn: '没有可入账的行。', de: 'Keine Positionen zu buchen.' },
  otherMerchantMove: {
    en: 'A record cannot move to another merchant.',
    cn: '记录不能转移到其他商户。',
    de: 'Ein Datensatz kann nicht zu einem anderen Händler wechseln.',
  },
  orderDeleted: { en: 'Order {unid} is deleted.', cn: '订单 {unid} 已删除。', de: 'Auftrag {unid} ist gelöscht.' },
  alreadyCounted: { en: '{sku} has been counted.', cn: '{sku} 已清点。', de: '{sku} wurde bereits gezählt.' },
  goodsInWarehouse: {
    en: 'Goods of this order are already in the warehouse.',
    cn: '此订单的货物已在仓库中。',
    de: 'Ware dieses Auftrags ist bereits im Lager.',
  },
  requiredOnceReceiving: {
    en: '{field} is required once receiving has started.',
    cn: '收货开始后必须填写 {field}。',
    de: '{field} ist erforderlich, sobald der Wareneingang begonnen hat.',
  },
  noStaging: {
    en: 'The warehouse has no open inbound staging compartment.',
    cn: '该仓库没有开放的入库暂存库位。',
    de: 'Das Lager hat keinen offenen Bereitstellungsplatz für den Wareneingang.',
  },
  avatarInUse: { en: 'The file is the avatar of {account}.', cn: '该文件是 {account} 的头像。', de: 'Die Datei ist das Profilbild von {account}.' },
  unitNotInCount: {
    en: '{unit} is not in a compartment of this count.',
    cn: '{unit} 不在本次盘点的库位中。',
    de: '{unit} liegt in keinem Lagerplatz dieser Inventur.',
  },
  alreadyOnLine: { en: '{value} is already on line {line}.', cn: '{value} 已在第 {line} 行。', de: '{value} steht schon in Zeile {line}.' },
  codeTaken: { en: '{value} belongs to item {sku}.', cn: '{value} 属于商品 {sku}。', de: '{value} gehört zu Artikel {sku}.' },
  columnMissing: { en: 'Column {field} is missing.', cn: '缺少列 {field}。', de: 'Die Spalte {field} fehlt.' },
  lengthBetween: {
    en: '{field} must have {min} to {max} characters.',
    cn: '{field} 须为 {min} 到 {max} 个字符。',
    de: '{field} muss {min} bis {max} Zeichen haben.',
  },
  serialTwice: {
    en: '{field}: the same number is scanned twice.',
    cn: '{field}：同一号码被扫描了两次。',
    de: '{field}: Dieselbe Nummer wurde doppelt gescannt.',
  },
  patternMismatch: {
    en: '{field}: {value} does not match {pattern}.',
    cn: '{field}：{value} 不符合格式 {pattern}。',
    de: '{field}: {value} entspricht nicht dem Muster {pattern}.',
  },
  notJson: { en: '{field} is not valid JSON.', cn: '{field} 不是有效的 JSON。', de: '{field} ist kein gültiges JSON.' },
  malformedJson: { en: 'The request body is not valid JSON.', cn: '请求内容不是有效的 JSON。', de: 'Der Inhalt der Anfrage ist kein gültiges JSON.' },
  badContentType: { en: 'Unsupported content type.', cn: '不支持的内容类型。', de: 'Nicht unterstützter Inhaltstyp.' },
  badCharacters: {
    en: '{field} contains characters that cannot be stored (a NUL character or a broken Unicode character).',
    cn: '{field} 包含无法保存的字符（NUL 字符或损坏的 Unicode 字符）。',
    de: '{field} enthält Zeichen, die nicht gespeichert werden können (ein NUL-Zeichen oder ein defektes Unicode-Zeichen).',
  },
  tooDeep: {
    en: 'The request body is nested too deeply (at most {max} levels).',
    cn: '请求内容嵌套层级过深（最多 {max} 层）。',
    de: 'Der Inhalt der Anfrage ist zu tief verschachtelt (höchstens {max} Ebenen).',
  },
  incompleteUpload: {
    en: 'The upload is incomplete or malformed. Please send the file again.',
    cn: '上传内容不完整或格式错误，请重新发送文件。',
    de: 'Der Upload ist unvollständig oder fehlerhaft. Bitte senden Sie die Datei erneut.',
  },
  tooManyRows: {
    en: 'The file has too many rows (at most {max}). Please split it into several files.',
    cn: '文件行数过多（最多 {max} 行），请拆分为多个文件。',
    de: 'Die Datei hat zu viele Zeilen (höchstens {max}). Bitte teilen Sie sie in mehrere Dateien auf.',
  },
  tooManyCells: {
    en: 'The file has too many cells (at most {max}). Please remove unused columns or split the file.',
    cn: '文件单元格过多（最多 {max} 个），请删除未使用的列或拆分文件。',
    de: 'Die Datei hat zu viele Zellen (höchstens {max}). Bitte entfernen Sie ungenutzte Spalten oder teilen Sie die Datei auf.',
  },
  inflatedTooLarge: {
    en: 'The spreadsheet unpacks to more than {maxMb} MB and is refused.',
    cn: '该表格解压后超过 {maxMb} MB，已被拒绝。',
    de: 'Die Tabelle ist entpackt größer als {maxMb} MB und wird abgelehnt.',
  },
  unreadableFile: {
    en: 'The file could not be read as an XLSX or CSV table.',
    cn: '无法将该文件读取为 XLSX 或 CSV 表格。',
    de: 'Die Datei konnte nicht als XLSX- oder CSV-Tabelle gelesen werden.',
  },
  badValue: {
    en: 'A value of the request is out of range or of the wrong kind.',
    cn: '请求中的某个值超出范围或类型错误。',
    de: 'Ein Wert der Anfrage liegt außerhalb des zulässigen Bereichs oder hat die falsche Art.',
  },
  tooManyLabels: {
    en: '{field}: {count} labels asked, at most {max} in one request.',
    cn: '{field}：请求 {count} 张标签，每次最多 {max} 张。',
    de: '{field}: {count} Etiketten angefordert, höchstens {max} pro Anfrage.',
  },
  notEncodable: {
    en: '{field}: {value} cannot be encoded as {symbology}.',
    cn: '{field}：{value} 无法编码为 {symbology}。',
    de: '{field}: {value} lässt sich nicht als {symbology} codieren.',
  },
  valuesOrRange: {
    en: 'Give either a list of values or a range.',
    cn: '请填写数值列表或数值范围（二选一）。',
    de: 'Bitte entweder eine Werteliste oder einen Bereich angeben.',
  },
  ssccExhausted: {
    en: 'No SSCC serial numbers are left for company prefix {prefix}.',
    cn: '公司前缀 {prefix} 的 SSCC 序列号已用完。',
    de: 'Für das Firmenpräfix {prefix} sind keine SSCC-Seriennummern mehr frei.',
  },
  notDate: { en: '{field} must be a date (YYYY-MM-DD).', cn: '{field} 必须是日期（YYYY-MM-DD）。', de: '{field} muss ein Datum sein (JJJJ-MM-TT).' },
  fromAfterTo: {
    en: 'The start date must not be after the end date.',
    cn: '开始日期不能晚于结束日期。',
    de: 'Das Startdatum darf nicht nach dem Enddatum liegen.',
  },
  periodTooLong: { en: 'The period may span at most {max} days.', cn: '期间最多 {max} 天。', de: 'Der Zeitraum darf höchstens {max} Tage umfassen.' },
  foreignUrl: {
    en: '{field} must be an address on Kontor itself (a path such as /v0/…).',
    cn: '{field} 必须是 Kontor 本身的地址（例如 /v0/… 路径）。',
    de: '{field} muss eine Adresse von Kontor selbst sein (ein Pfad wie /v0/…).',
  },
} as const satisfies Record<string, Translations>;

export function validationText(key: keyof typeof VALIDATION_TEXTS, locale: Locale, params?: Record<string, unknown>) {
  return interpolate(VALIDATION_TEXTS[key][locale], params);
}
