import { useEffect, useRef, useState } from 'react';
import { Flex, Segmented } from 'antd';
import { VIDEO_SPEEDS } from '@xueban/contract/preview';

/** A video with the spec's speeds (0.5 / 1 / 1.5 / 2); seeking is the browser's, over range requests. */
export function VideoViewer({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState<number>(1);
  // A refreshed link swaps the source: keep the place and the speed.
  const [shown, setShown] = useState(src);
  useEffect(() => {
    const v = ref.current;
    if (!v || src === shown) return;
    const at = v.currentTime;
    const playing = !v.paused;
    setShown(src);
    v.addEventListener('loadedmetadata', () => {
      v.currentTime = at;
      v.playbackRate = speed;
      if (playing) void v.play();
    }, { once: true });
  }, [src, shown, speed]);
  return (
    <Flex vertical gap={8}>
      <video ref={ref} src={shown} controls preload="metadata" data-testid="preview-video" style={{ width: '100%', maxHeight: '60vh', background: '#000' }} />
      <Flex align="center" gap={8}>
        <span>倍速</span>
        <Segmented
          value={speed}
          options={VIDEO_SPEEDS.map((s) => ({ label: `${s}x`, value: s }))}
          onChange={(s) => {
            setSpeed(s);
            if (ref.current) ref.current.playbackRate = s;
          }}
        />
      </Flex>
    </Flex>
  );
}

export function AudioViewer({ src }: { src: string }) {
  return <audio src={src} controls preload="metadata" data-testid="preview-audio" style={{ width: '100%' }} />;
}
