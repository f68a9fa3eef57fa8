import { Icon, type IconName } from './icons';

const features: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'bolt',
    title: 'Instant recognition',
    text: 'Drop in a street photo and get a place back in seconds: coordinates, neighbourhood, municipality and ZIP code.',
  },
  {
    icon: 'layers',
    title: 'Multi-layer analysis',
    text: 'GPS metadata, text on signs, the county street grid, known reference photos and a vision model each add evidence, and the evidence is fused.',
  },
  {
    icon: 'chip',
    title: 'Version 2.1 processing',
    text: 'The v2.1 engine is tuned for one county, Miami-Dade, so every landmark and street name it knows is local.',
  },
  {
    icon: 'shield',
    title: 'Secure and private',
    text: 'Stored photos lose their GPS tags and all other metadata. Your history is yours: export it or delete it at any time.',
  },
];

export function FeatureGrid() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {features.map((f) => (
        <li key={f.title} className="rounded-xl border border-line bg-surface p-6">
          <span className="mb-4 inline-flex size-10 items-center justify-center rounded-lg bg-accent/12 text-accent">
            <Icon name={f.icon} />
          </span>
          <h3 className="font-semibold text-fg">{f.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted">{f.text}</p>
        </li>
      ))}
    </ul>
  );
}
