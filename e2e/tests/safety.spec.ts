import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, registerModels, removeProvider } from '../support/chat.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * Safety for minors (issue 28): a student in a class asks a question with a high-severity word
 * disguised with spaces; the student sees the refusal; the teacher finds the alert on the flags
 * page and opens the conversation; the organisation admin who opted in gets the notification; the
 * teacher marks the alert handled.
 */

failOnPageErrors();

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/safety-${name}.png`, import.meta.url)), fullPage: true });
};

let fake: FakeModel;
let providerId: number;
let teacher: TestUser;
let student: TestUser;
let orgAdmin: TestUser;
let robotId: number;
// All test users join one organisation, so a retry's student and word must not meet the first try's.
const suffix = String(Date.now()).slice(-4);
const studentName = `小明${suffix}`;
const schoolWord = `校内暗号${suffix}`;

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(() => ({ content: ['你好！', '今天想聊些什么？'] }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-safety', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  const admin = await adminToken(request);
  // The platform's list: 自杀 is high severity (自伤). A lane's data may already hold it.
  await apiPost(request, '/api/ai/admin.Sensitive/save', { word: '自杀', category: '自伤', severity: 'high' }, admin).catch(() => undefined);

  teacher = await newUser(request, { roles: [Role.TEACHER, Role.CREATOR], truename: '王老师' });
  student = await newUser(request, { truename: studentName });
  orgAdmin = await newUser(request, { roles: [Role.ORG_ADMIN], truename: '李校长' });
  await apiPost(request, '/api/ai/SafetyFlag/setOptIn', { enabled: true }, orgAdmin.token);

  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, teacher.token);
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name: `心理助手${Date.now() % 100_000}`, scene_id: scenes[0]!.id, extra: { use_type: [1, 2], introduce: '倾听与陪伴' },
  }, teacher.token);
  robotId = robot.id;
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: robotId, is_show: 1, online_status: 1, is_public: 2 }, teacher.token);
  await apiPost(request, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: registered.ids['e2e-safety'], reasoning_model_id: null }, teacher.token);
  const team = await apiPost<{ id: number; code: string }>(request, '/api/ai/RobotTeam/save', { robot_id: robotId, title: '初二一班' }, teacher.token);
  await apiPost(request, '/api/ai/RobotTeam/joinTeam', { team_id: team.id, invite_code: team.code }, student.token);
  await apiPost(request, '/api/ai/RobotUsed/save', { id: robotId }, student.token);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

test('a disguised high-severity question is refused, alerts the teacher and the opted-in admin, and is handled', async ({ page, browser }) => {
  // Three people in three browsers, each page built once.
  test.setTimeout(150_000);
  // The student: a first exchange, then the disguised word.
  await signIn(page, student);
  await page.goto('/home');
  await ask(page, '你好');
  await expect(answers(page).last()).toContainText('今天想聊些什么？');
  await ask(page, '我真的想 自 杀 了');
  await expect(page.getByText(MSG.sensitiveQuestion).first()).toBeVisible();
  await shot(page, 'student-refused');

  // The teacher: 安全预警 from the console header, the alert, the conversation.
  const teacherPage = await (await browser.newContext()).newPage();
  await signIn(teacherPage, teacher);
  await teacherPage.goto(`/teacherCenter/console/${robotId}/follow`);
  await teacherPage.getByRole('link', { name: '安全预警' }).click();
  await expect(teacherPage).toHaveURL(/\/teacherCenter\/flags/);
  const row = teacherPage.getByRole('row').filter({ hasText: studentName });
  await expect(row).toContainText('自伤');
  await expect(row).toContainText('高风险');
  await expect(row).toContainText('我真的想 自 杀 了');
  await expect(row).toContainText('初二一班');
  await shot(teacherPage, 'teacher-flags');
  const link = row.getByRole('link', { name: '查看对话' });
  await expect(link).toHaveAttribute('href', new RegExp(`/teacherCenter/console/${robotId}/follow\\?record_id=\\d+$`));
  await link.click();
  await expect(teacherPage).toHaveURL(new RegExp(`/teacherCenter/console/${robotId}/follow\\?record_id=\\d+`));
  // The conversation in context: the exchange the refused question was asked after.
  await expect(teacherPage.locator('.ant-drawer .tc-exchange-target')).toContainText('今天想聊些什么？');
  await shot(teacherPage, 'teacher-conversation');

  // The organisation admin who opted in: the bell.
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, orgAdmin);
  await adminPage.goto('/home');
  await adminPage.getByRole('button', { name: new RegExp(`${MSG.noticeTitle}，\\d+ 条未读`) }).click();
  const panel = adminPage.getByRole('region', { name: MSG.noticeTitle });
  await expect(panel.getByText(`安全预警：${studentName}的学生提问涉及「自伤」（高风险）`)).toBeVisible();
  await shot(adminPage, 'admin-bell');
  // The organisation's flags page (组织后台 → 组织管理 → 安全预警), with the admin's own opt-in.
  await adminPage.goto('/group/safety/flags');
  await expect(adminPage.getByRole('switch', { name: '接收高风险预警通知' })).toBeChecked({ timeout: 30_000 });
  await expect(adminPage.getByRole('row').filter({ hasText: studentName })).toContainText('我真的想 自 杀 了');
  await shot(adminPage, 'group-flags');
  // The organisation's own words: one added with its category and severity.
  await adminPage.getByRole('menuitem', { name: '组织敏感词' }).click();
  await adminPage.getByRole('button', { name: '添加' }).click();
  const addWord = adminPage.getByRole('dialog', { name: '添加敏感词' });
  await addWord.getByRole('textbox', { name: '敏感词' }).fill(schoolWord);
  await addWord.getByRole('combobox', { name: '分类' }).click();
  await adminPage.locator('.ant-select-dropdown:visible').getByTitle('欺凌', { exact: true }).click();
  await expect(addWord).toContainText('欺凌');
  // The list closes with an animation; until it has gone its options cover the dialog's buttons.
  await expect(adminPage.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await addWord.getByRole('button', { name: '保存' }).click();
  await expect(adminPage.getByRole('row').filter({ hasText: schoolWord })).toContainText('欺凌');
  await shot(adminPage, 'group-words');

  // The teacher marks it handled with a note.
  await teacherPage.goto('/teacherCenter/flags');
  await row.getByRole('button', { name: '标记已处理' }).click();
  const dialog = teacherPage.getByRole('dialog', { name: '标记已处理' });
  await dialog.getByRole('textbox', { name: '处理备注' }).fill('已与学生谈话并告知家长');
  await shot(teacherPage, 'teacher-handle');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(teacherPage, MSG.safetyHandled)).toBeVisible();
  await expect(teacherPage.getByText('暂无待处理的预警')).toBeVisible();
  await teacherPage.getByRole('combobox', { name: '按状态筛选' }).click();
  await teacherPage.getByTitle('已处理').click();
  await expect(row).toContainText('已与学生谈话并告知家长');
  await shot(teacherPage, 'teacher-handled');
});
