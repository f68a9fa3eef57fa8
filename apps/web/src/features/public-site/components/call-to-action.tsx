import { Button, ButtonLink } from '../../../components/ui/button';
import { startSignIn, useSession } from '../../auth';

/** The closing call to action: launch for signed-in users, sign in (then dashboard) for visitors. */
export function CallToAction({ title, text }: { title: string; text: string }) {
  const { isAuthenticated } = useSession();
  return (
    <section className="relative overflow-hidden rounded-2xl border border-line bg-surface px-6 py-12 text-center sm:px-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_80%_at_50%_0%,rgba(92,200,255,0.12),transparent)]"
      />
      <div className="relative">
        <h2 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">{text}</p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          {isAuthenticated ? (
            <ButtonLink to="/access-ai" size="lg">
              Launch VT
            </ButtonLink>
          ) : (
            <Button size="lg" onClick={() => startSignIn('/dashboard')}>
              Sign up free
            </Button>
          )}
          <ButtonLink to="/products" variant="secondary" size="lg">
            See the product
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
