/** Direct uploads to object storage (issue 21): completion of a presigned POST, multipart in parts. See call.ts. */
import { defineCalls, get, post } from '../call.ts';
import { noData, storedFileSchema } from '../uc.ts';
import {
  completeDirectBody, multipartCreateBody, multipartCreatedSchema, multipartIdBody, multipartIdQuery, multipartSignBody,
  signedPartsSchema, uploadedPartsSchema,
} from '../direct-upload.ts';

export const DirectUpload = defineCalls('/api/uc/upload', {
  complete: post('登记已直传到对象存储的文件（按内容校验类型）', completeDirectBody, storedFileSchema),
  multipartCreate: post('开始分片上传', multipartCreateBody, multipartCreatedSchema),
  multipartSign: post('签发分片上传地址', multipartSignBody, signedPartsSchema),
  multipartParts: get('已上传的分片（断点续传）', multipartIdQuery, uploadedPartsSchema),
  multipartComplete: post('完成分片上传并登记文件', multipartIdBody, storedFileSchema),
  multipartAbort: post('取消分片上传', multipartIdBody, noData),
});
