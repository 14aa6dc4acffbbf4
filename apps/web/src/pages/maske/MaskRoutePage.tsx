import { useLocation } from 'react-router';
import { MaskScreen } from '../../masks/MaskScreen.js';

/** `/maske/{name}`: any list mask by name (spec §2 "/maske/... pages are definition-driven"). */
export default function MaskRoutePage() {
  const { pathname } = useLocation();
  const name = decodeURIComponent(pathname.replace(/^\/maske\/?/, '').split('/')[0] ?? '');
  return <MaskScreen key={name} name={name} />;
}
