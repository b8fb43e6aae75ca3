/** Calls of the teacher console's conversation views, corrections and the student's study data (issue 17). See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import { pageOf } from '../uc.ts';
import {
  classItemSchema, consoleDataSchema, correctBody, correctionSchema, dataQuery, followItemSchema, followQuery, inClassSchema,
  myStudySchema, robotQuery, settingBody, teacherSettingSchema, userDataQuery, userDataSchema, viewContextQuery, viewContextSchema,
} from '../teaching-console.ts';

/** ChatRecords/viewContext (spec §7), beside the ChatRecords calls of calls/chat.ts. */
export const ChatRecordsContext = defineCalls('/api/ai/ChatRecords', {
  viewContext: get('老师查看学生对话的上下文（该记录所在会话）', viewContextQuery, viewContextSchema),
});

export const RecordsHasCorrect = defineCalls('/api/ai/RecordsHasCorrect', {
  save: post('老师订正学生收到的回答', correctBody, correctionSchema),
});

export const TeacherConsole = defineCalls('/api/ai/TeacherConsole', {
  classes: get('老师在该机器人上带的班级及学生', robotQuery, z.array(classItemSchema)),
  follow: get('学生对话（最新在前，可按班级、学生筛选）', followQuery, pageOf(followItemSchema)),
  data: get('班级数据：每日提问、活跃学生、热门问题、待改进回答', dataQuery, consoleDataSchema),
  userData: get('单个学生的数据：活跃、话题、最近提问', userDataQuery, userDataSchema),
  setting: get('老师对该机器人的补充说明与辅导模式', robotQuery, teacherSettingSchema),
  saveSetting: post('保存补充说明与辅导模式', settingBody, teacherSettingSchema),
});

export const MyStudy = defineCalls('/api/ai/MyStudy', {
  data: get('学生自己在该机器人上的学习数据', robotQuery, myStudySchema),
  inClass: get('学生是否在该机器人的班级中（对话面板的提示）', robotQuery, inClassSchema),
});
