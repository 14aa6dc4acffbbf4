/** DPD's refusals: a SOAP Fault or the `faults` of an answer, and HTTP statuses, as carrier errors of their kind. */
import { CarrierError, type CarrierErrorKind } from '../../driver.js';
import { find, findAll, textOf, type XmlNode } from './xml.js';

/** A DPD refusal read from an answer: its code, the carrier's message, and whether it is about the login. */
export interface DpdFault {
  code: string;
  message: string;
  authentication: boolean;
}

export function faultOf(doc: XmlNode): DpdFault | undefined {
  const fault = find(doc, 'Fault');
  if (fault) {
    const detail = find(fault, 'detail');
    const authNode = find(detail, 'authenticationFault');
    const code = textOf(detail, 'errorCode') || textOf(fault, 'faultcode');
    const message = textOf(detail, 'errorMessage') || textOf(fault, 'faultstring') || 'DPD refused the request';
    return { code, message, authentication: !!authNode || /^LOGIN_|AUTHENTICATION/i.test(code) };
  }
  const faults = findAll(doc, 'faults');
  const first = faults[0];
  if (!first) return undefined;
  return {
    code: textOf(first, 'faultCode'),
    message:
      faults
        .map((f) => textOf(f, 'message'))
        .filter(Boolean)
        .join('; ') || 'DPD refused the order',
    authentication: false,
  };
}

export function kindOfFault(code: string, message: string): CarrierErrorKind {
  const text = `${code} ${message}`.toLowerCase();
  if (/customs|zoll|invoice|rechnung|commercial|tarif/.test(text)) return 'customs';
  if (/weight|gewicht/.test(text)) return 'weight';
  if (/volume|dimension|größe|length/.test(text)) return 'dimensions';
  if (/zip|post ?code|postal|plz|postleitzahl|city|ort\b|street|straße|strasse|address|adresse|country|land\b|recipient|empfänger/.test(text)) {
    return 'address';
  }
  if (/product|produkt|service|depot|predict/.test(text)) return 'service';
  return 'refused';
}

export function faultError(fault: DpdFault, httpStatus: number): CarrierError {
  const text = fault.code ? `${fault.code}: ${fault.message}` : fault.message;
  if (fault.authentication) return new CarrierError('auth', text, { httpStatus });
  return new CarrierError(kindOfFault(fault.code, fault.message), text, { httpStatus });
}

export function statusError(httpStatus: number): CarrierError {
  if (httpStatus === 401 || httpStatus === 403) return new CarrierError('auth', `DPD: HTTP ${httpStatus}`, { httpStatus });
  if (httpStatus === 429 || httpStatus >= 500) return new CarrierError('unavailable', `DPD: HTTP ${httpStatus}`, { httpStatus });
  return new CarrierError('refused', `DPD: HTTP ${httpStatus}`, { httpStatus });
}
