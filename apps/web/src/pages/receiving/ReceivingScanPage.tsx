import { ReceivingScreen } from './ReceivingScreen.js';

/** `/wEP/receivingScan`: the scanner's receiving screen, one field and nothing else to start with. */
export default function ReceivingScanPage() {
  return <ReceivingScreen withList={false} />;
}
