/**
 * Parents: how they hear of their student's plan review (approved, or returned with comments), an
 * email or a text message, and the mobile number texts go to. The server checks the number and
 * refuses texts without one; its refusal is shown in the reader's language.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import type { ContactPreference } from '@planner/shared';
import { ContactPreferenceDocument, UpdateContactPreferenceDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';
import { SaveNoticeLine, type SaveNotice } from '../../components/SaveNotice';

export function ContactPreferenceCard() {
  const t = useT();
  const { data, loading, error } = useQuery(ContactPreferenceDocument);
  const me = data?.currentUser;
  let body;
  if (loading) body = <p className="muted">{t('common.loading')}</p>;
  else if (error || !me)
    body = (
      <p role="alert" className="alert alert-danger">
        {t('profile.contactLoadFailed')}
      </p>
    );
  else body = <ContactForm preference={me.contactPreference === 'sms' ? 'sms' : 'email'} phone={me.phone ?? ''} />;
  return (
    <section className="card stack" aria-labelledby="contact-title">
      <h2 id="contact-title">{t('profile.contactTitle')}</h2>
      {body}
    </section>
  );
}

function ContactForm(saved: { preference: ContactPreference; phone: string }) {
  const t = useT();
  const [preference, setPreference] = useState<ContactPreference>(saved.preference);
  const [phone, setPhone] = useState(saved.phone);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const [save, { loading }] = useMutation(UpdateContactPreferenceDocument);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    try {
      // An empty field removes the number (the server refuses that while texts are chosen).
      const { data } = await save({ variables: { contactPreference: preference, phone: phone.trim() || null } });
      setPhone(data?.updateContactPreference.phone ?? '');
      setNotice({ ok: true, text: t(preference === 'sms' ? 'profile.contactSavedSms' : 'profile.contactSavedEmail') });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('profile.contactFailed')) });
    }
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      <fieldset className="stack">
        <legend>{t('profile.contactQuestion')}</legend>
        <label className="row">
          <input type="radio" name="contact-preference" value="email" checked={preference === 'email'} onChange={() => setPreference('email')} />
          {t('profile.contactEmail')}
        </label>
        <label className="row">
          <input type="radio" name="contact-preference" value="sms" checked={preference === 'sms'} onChange={() => setPreference('sms')} />
          {t('profile.contactSms')}
        </label>
      </fieldset>
      <label className="stack">
        {t('profile.contactPhone')}
        <input
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={phone}
          aria-describedby="contact-phone-hint"
          aria-required={preference === 'sms'}
          onChange={(e) => setPhone(e.target.value)}
        />
      </label>
      <p id="contact-phone-hint" className="muted">
        {t('profile.contactPhoneHint')}
      </p>
      <div className="row">
        <button type="submit" disabled={loading}>
          {t('profile.contactSave')}
        </button>
      </div>
      <SaveNoticeLine notice={notice} />
    </form>
  );
}
