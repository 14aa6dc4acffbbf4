import { interpolate, type Locale, type Translations } from './locale.js';

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
  rangeTooLarge: {
    en: '{count} compartments in this range, at most {max} at once.',
    cn: '此范围包含 {count} 个库位，一次最多 {max} 个。',
    de: '{count} Lagerplätze in diesem Bereich, höchstens {max} auf einmal.',
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
