import { BREAKPOINTS } from '@retouch/shared/constants';
import type { PublicService } from '@retouch/shared/catalog';
import { Flex, Skeleton, theme, Typography } from 'antd';
import { useState } from 'react';
import { A11y, Keyboard, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/navigation';
import { usePicturesSettled } from '@/lib/use-pictures-settled';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { PortfolioText } from '../texts';

/** Slides shown side by side at the widest (customer-side section 9). */
export const MAX_SLIDES_PER_VIEW = 5;
/** Room on each side of the slides for the arrows, in px. */
const ARROW_GUTTER = 48;
/** Window width from which all of them are shown. */
const WIDEST_BREAKPOINT = 1200;
/** Swiper's own slide duration, in ms; a user who asked for reduced motion gets the next slide at once. */
const SLIDE_MS = 300;

// One slide on the narrowest screens, one more at each breakpoint of the specification.
const SLIDES_PER_VIEW_FROM_WIDTH = {
  [BREAKPOINTS.narrow]: { slidesPerView: 2 },
  [BREAKPOINTS.canvas]: { slidesPerView: 3 },
  [BREAKPOINTS.wide]: { slidesPerView: 4 },
  [WIDEST_BREAKPOINT]: { slidesPerView: MAX_SLIDES_PER_VIEW },
};

interface ServiceCarouselProps {
  services: readonly PublicService[];
  selectedId: string;
  onSelect: (id: string) => void;
  label: string;
}

/**
 * The services of a group as a carousel; choosing a slide shows that service below. It moves only when
 * asked (no autoplay), and without sliding for a user who asked for reduced motion.
 */
export function ServiceCarousel({ services, selectedId, onSelect, label }: ServiceCarouselProps) {
  const reduceMotion = useReducedMotion();
  // The arrows sit beside the slides, not over them; Swiper is started once they exist.
  const [prevEl, setPrevEl] = useState<HTMLDivElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLDivElement | null>(null);
  // Customer side section 9: the carousel waits 500 ms at most for its pictures.
  const picturesSettled = usePicturesSettled(services.map((service) => service.pictureThumb));
  return (
    <div style={{ position: 'relative', paddingInline: ARROW_GUTTER }}>
      {!picturesSettled && <SlidesLoading count={Math.min(services.length, MAX_SLIDES_PER_VIEW)} />}
      {picturesSettled && prevEl && nextEl && (
        <Swiper
          aria-label={label}
          modules={[Navigation, Keyboard, A11y]}
          slidesPerView={1}
          spaceBetween={16}
          speed={reduceMotion ? 0 : SLIDE_MS}
          breakpoints={SLIDES_PER_VIEW_FROM_WIDTH}
          // A group of one has nothing to loop over (customer-side section 2).
          loop={services.length > 1}
          navigation={{ prevEl, nextEl }}
          keyboard={{ enabled: true }}
          a11y={{
            prevSlideMessage: PortfolioText.previousService,
            nextSlideMessage: PortfolioText.nextService,
          }}
          // Swiper centres itself with auto margins, which in a flex column would shrink it to nothing.
          style={{ width: '100%' }}
        >
          {services.map((service) => (
            <SwiperSlide key={service._id}>
              <ServiceSlide
                service={service}
                selected={service._id === selectedId}
                onSelect={() => onSelect(service._id)}
              />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
      <div ref={setPrevEl} className="swiper-button-prev" />
      <div ref={setNextEl} className="swiper-button-next" />
    </div>
  );
}

/** Where the slides come, while their pictures load. */
function SlidesLoading({ count }: { count: number }) {
  return (
    <Flex gap="middle" role="status" aria-busy="true" aria-label={PortfolioText.loading}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton.Image key={index} active />
      ))}
    </Flex>
  );
}

interface ServiceSlideProps {
  service: PublicService;
  selected: boolean;
  onSelect: () => void;
}

function ServiceSlide({ service, selected, onSelect }: ServiceSlideProps) {
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        width: '100%',
        padding: 8,
        cursor: 'pointer',
        background: token.colorBgContainer,
        border: `2px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      {/* Whole, on a quiet background: a square cut cropped pictures of another shape. */}
      <img
        src={service.pictureThumb}
        alt=""
        loading="lazy"
        style={{
          width: '100%',
          aspectRatio: '1',
          objectFit: 'contain',
          background: token.colorFillTertiary,
          borderRadius: token.borderRadius,
        }}
      />
      <Typography.Text strong ellipsis style={{ width: '100%' }}>
        {service.title.user}
      </Typography.Text>
    </button>
  );
}
