import { Flex, Image } from 'antd';

/** The pictures sent with a question, previewable (loaded with the first question that has any). */
export default function QuestionImages({ images }: { images: string[] }) {
  return (
    <Image.PreviewGroup>
      <Flex gap={6} wrap>{images.map((src) => <Image key={src} src={src} width={96} />)}</Flex>
    </Image.PreviewGroup>
  );
}
