// /videopopup: a page that opens the overview video in the modal once it is interactive; the
// button stays so the video can be opened again after closing it.
import { Section } from '../../components/Section/Section';
import { VideoButton } from '../../components/VideoModal/VideoButton';
import type { VideoPopupView } from '../../lib/view';

export function VideoPopupScreen({ view }: { view: VideoPopupView }) {
  return (
    <Section centred>
      <h1 className="visually-hidden">{view.head.title}</h1>
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <VideoButton button={view.video} initiallyOpen />
      </div>
    </Section>
  );
}
