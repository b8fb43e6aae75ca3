import { AreaFrame } from '../../../components/AreaFrame.tsx';
import { IntentLibrary } from './IntentLibrary.tsx';
import { IntentContentPage } from './IntentContentPage.tsx';
import { AdminIntentTable } from './AdminIntentTable.tsx';
import { AdminIntentContent } from './AdminIntentContent.tsx';
import { SceneTable } from './SceneTable.tsx';

/** /resIntent: the organisation's intent library. */
export const ResIntentPage = () => <AreaFrame name="resIntent"><IntentLibrary /></AreaFrame>;
/** /resIntent/content?id=…: one intent's recommend content and related intents. */
export const ResIntentContentPage = () => <AreaFrame name="resIntent-content"><IntentContentPage /></AreaFrame>;
/** /admin/robot/intent: every organisation's categories (super admin). */
export const AdminIntentPage = () => <AreaFrame name="admin-intent"><AdminIntentTable /></AreaFrame>;
/** /admin/robot/intent/content?id=…: a category's intents and their parts. */
export const AdminIntentContentPage = () => <AreaFrame name="admin-intent-content"><AdminIntentContent /></AreaFrame>;
/** /admin/robot/scene: the scenes. */
export const AdminScenePage = () => <AreaFrame name="admin-scene"><SceneTable /></AreaFrame>;
/** /group/robot/intent: the organisation's intent library in its back office. */
export const GroupIntentPage = () => <AreaFrame name="group-intent"><IntentLibrary /></AreaFrame>;
