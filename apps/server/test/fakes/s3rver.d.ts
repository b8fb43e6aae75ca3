/**
 * A real S3-compatible server from npm (s3rver 3.7.1, filesystem-backed, SigV4-checked) on a free
 * loopback port with a temporary directory. It speaks PutObject, the browser form POST, and
 * multipart create / upload part / complete, but not ListParts nor AbortMultipartUpload (its
 * router answers 405 for them), which resuming needs: those two are answered here from s3rver's
 * own part files, in S3's XML, ahead of its router. It does not enforce a POST policy's conditions.
 */
export interface S3rverHandle {
    url: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    env: Record<string, string>;
    /** Where s3rver keeps the bucket's objects on disk. */
    directory: string;
    close(): Promise<void>;
}
export declare function startS3rver(bucket?: string, opts?: {
    browserOrigin?: string;
}): Promise<S3rverHandle>;
