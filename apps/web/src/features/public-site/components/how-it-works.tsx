import { Icon, type IconName } from './icons';

const steps: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'upload',
    title: 'Upload image',
    text: 'Choose a photo taken somewhere in Miami-Dade County: a storefront, a street corner, a skyline.',
  },
  {
    icon: 'scan',
    title: 'AI analysis',
    text: 'Vision Terminal reads the photo’s metadata and visible text, compares it with places it knows and weighs the evidence.',
  },
  {
    icon: 'pin',
    title: 'Get results',
    text: 'See the location on the map with its confidence, the runner-up candidates and the evidence behind the answer.',
  },
];

export function HowItWorks() {
  return (
    <ol className="grid gap-5 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-xl border border-line bg-surface p-6">
          <span className="font-mono text-xs text-warm">STEP {index + 1}</span>
          <div className="mt-3 flex items-center gap-3">
            <span className="inline-flex size-9 items-center justify-center rounded-lg bg-raised text-accent">
              <Icon name={step.icon} />
            </span>
            <h3 className="font-semibold text-fg">{step.title}</h3>
          </div>
          <p className="mt-3 text-sm leading-relaxed text-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
