/** File preview calls (spec §7: GET File/filePreview, POST refreshPreviewInfo). See call.ts. */
import { defineCalls, get, post } from '../call.ts';
import { filePreviewQuery, previewInfoSchema, refreshedPreviewSchema, refreshPreviewBody } from '../preview.ts';

export const FilePreview = defineCalls('/api/uc/File', {
  filePreview: get('文件预览信息（本组织的文件）', filePreviewQuery, previewInfoSchema),
  refreshPreviewInfo: post('刷新预览令牌', refreshPreviewBody, refreshedPreviewSchema),
});
