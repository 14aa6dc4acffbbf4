import { MaskScreen } from '../../masks/MaskScreen.js';
import { FloorRulesCard } from './FloorRulesCard.js';

/**
 * `/settings/list`: the floor's rules as a form with a field each (checked as the server checks them),
 * above the generic list of every setting, where other keys are edited as JSON.
 */
export default function SettingsListPage() {
  return (
    <>
      <FloorRulesCard />
      <MaskScreen name="settings.list" />
    </>
  );
}
