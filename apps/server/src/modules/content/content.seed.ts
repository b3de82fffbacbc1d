import type { FaqEntry } from '@cuspid/contracts/content';

/**
 * The help content a new install starts with (the portal's former built-in FAQ and data-privacy texts), in the
 * languages with full dictionaries. Staff change it in the global configuration; the seed never overwrites it.
 */
export const DEFAULT_HELP_CONTENT: Record<'en' | 'de' | 'fr', { faq: FaqEntry[]; dataPrivacy: string }> = {
  en: {
    faq: [
      {
        question: 'How do I send a case?',
        answer:
          'Create a case, then upload the upper and the lower jaw scan. Each jaw file shows its own upload status: queued, done or unsupported.',
      },
      {
        question: 'Which scan files are supported?',
        answer:
          'Upload the mesh exported by your intraoral scanner (for example STL, PLY or OBJ). A file we cannot read is marked unsupported, and you can replace it.',
      },
      {
        question: 'How long does processing take?',
        answer:
          'Most cases are reconstructed within minutes. The case status moves from queued to in progress and then to done; you can leave the page meanwhile.',
      },
      {
        question: 'How do I approve or reject a result?',
        answer:
          'Open the case details, check the upper and lower jaw previews in 3D, then approve or reject. You can also rate the result to help us improve.',
      },
      {
        question: 'Can I have a case recalculated?',
        answer:
          'Yes. Requeue the case from its details page. A recalculation uses credits; if you do not have enough credits, you are told before anything is charged.',
      },
      {
        question: 'How do credits work?',
        answer:
          'Each processed jaw uses credits according to your package and country. Your balance and credit history are shown in your company account.',
      },
      {
        question: 'Can I change the language or time zone?',
        answer:
          'Use the language menu at the top to switch the interface. Your contact language and time zone are set in the account settings.',
      },
      {
        question: 'Whom do I contact when something goes wrong?',
        answer:
          'Open a support ticket from the portal and describe what happened; include the case name if it concerns a case. Our team answers within one working day.',
      },
    ],
    dataPrivacy: [
      '<p>We process personal data and patient scans only to provide the reconstruction service you ordered.</p>',
      '<h2>Who is responsible</h2><p>Your practice remains the controller of patient data. We process scans on your behalf as a processor, under a data processing agreement.</p>',
      '<h2>What we process</h2><p>Account data (name, email address, phone numbers, language, time zone), company and billing data, and the jaw scans and results of your cases.</p>',
      '<h2>Why we process it</h2><p>To run your account, reconstruct and deliver case results, bill our services and answer support requests. We do not sell data or use it for advertising.</p>',
      '<h2>Patient scans</h2><p>Scans are transferred encrypted and stored in access-controlled storage. Only your company and the staff who support your cases can open them.</p>',
      '<h2>How long we keep it</h2><p>Case data is kept while your account is active or until you delete it. Invoices are kept as long as tax law requires.</p>',
      '<h2>Your rights</h2><p>You may ask for access, correction, deletion, restriction or a copy of your data, and you may complain to a supervisory authority.</p>',
      '<h2>Contact</h2><p>Write to our data protection officer through a support ticket or by email to privacy@cuspid.example.</p>',
    ].join(''),
  },
  de: {
    faq: [
      {
        question: 'Wie sende ich einen Fall?',
        answer:
          'Legen Sie einen Fall an und laden Sie den Ober- und den Unterkieferscan hoch. Jede Kieferdatei zeigt ihren eigenen Upload-Status: in Warteschlange, fertig oder nicht unterstützt.',
      },
      {
        question: 'Welche Scandateien werden unterstützt?',
        answer:
          'Laden Sie das von Ihrem Intraoralscanner exportierte Netz hoch (zum Beispiel STL, PLY oder OBJ). Eine Datei, die wir nicht lesen können, wird als nicht unterstützt markiert und kann ersetzt werden.',
      },
      {
        question: 'Wie lange dauert die Verarbeitung?',
        answer:
          'Die meisten Fälle sind innerhalb weniger Minuten rekonstruiert. Der Status wechselt von „in Warteschlange“ über „in Bearbeitung“ zu „fertig“; Sie können die Seite währenddessen verlassen.',
      },
      {
        question: 'Wie gebe ich ein Ergebnis frei oder lehne es ab?',
        answer:
          'Öffnen Sie die Falldetails, prüfen Sie die 3D-Vorschau von Ober- und Unterkiefer und geben Sie frei oder lehnen Sie ab. Sie können das Ergebnis auch bewerten, um uns bei Verbesserungen zu helfen.',
      },
      {
        question: 'Kann ich einen Fall neu berechnen lassen?',
        answer:
          'Ja. Stellen Sie den Fall auf der Detailseite erneut in die Warteschlange. Eine Neuberechnung verbraucht Credits; reichen Ihre Credits nicht, erfahren Sie das, bevor etwas abgebucht wird.',
      },
      {
        question: 'Wie funktionieren Credits?',
        answer:
          'Jeder verarbeitete Kiefer verbraucht Credits gemäß Ihrem Paket und Land. Ihr Guthaben und Ihre Credit-Historie sehen Sie in Ihrem Firmenkonto.',
      },
      {
        question: 'Kann ich Sprache oder Zeitzone ändern?',
        answer:
          'Über das Sprachmenü oben wechseln Sie die Oberflächensprache. Kontaktsprache und Zeitzone legen Sie in den Kontoeinstellungen fest.',
      },
      {
        question: 'An wen wende ich mich, wenn etwas schiefgeht?',
        answer:
          'Eröffnen Sie im Portal ein Support-Ticket und beschreiben Sie, was passiert ist; nennen Sie den Fallnamen, wenn es um einen Fall geht. Unser Team antwortet innerhalb eines Werktags.',
      },
    ],
    dataPrivacy: [
      '<p>Wir verarbeiten personenbezogene Daten und Patientenscans nur, um den von Ihnen beauftragten Rekonstruktionsdienst zu erbringen.</p>',
      '<h2>Wer verantwortlich ist</h2><p>Ihre Praxis bleibt Verantwortliche für die Patientendaten. Wir verarbeiten Scans in Ihrem Auftrag als Auftragsverarbeiter auf Grundlage eines Auftragsverarbeitungsvertrags.</p>',
      '<h2>Was wir verarbeiten</h2><p>Kontodaten (Name, E-Mail-Adresse, Telefonnummern, Sprache, Zeitzone), Firmen- und Rechnungsdaten sowie die Kieferscans und Ergebnisse Ihrer Fälle.</p>',
      '<h2>Wozu wir sie verarbeiten</h2><p>Um Ihr Konto zu führen, Fallergebnisse zu rekonstruieren und zu liefern, unsere Leistungen abzurechnen und Support-Anfragen zu beantworten. Wir verkaufen keine Daten und nutzen sie nicht für Werbung.</p>',
      '<h2>Patientenscans</h2><p>Scans werden verschlüsselt übertragen und in zugriffsgeschütztem Speicher abgelegt. Nur Ihre Firma und die Mitarbeitenden, die Ihre Fälle betreuen, können sie öffnen.</p>',
      '<h2>Wie lange wir sie speichern</h2><p>Falldaten werden gespeichert, solange Ihr Konto aktiv ist oder bis Sie sie löschen. Rechnungen bewahren wir so lange auf, wie es das Steuerrecht verlangt.</p>',
      '<h2>Ihre Rechte</h2><p>Sie können Auskunft, Berichtigung, Löschung, Einschränkung oder eine Kopie Ihrer Daten verlangen und sich bei einer Aufsichtsbehörde beschweren.</p>',
      '<h2>Kontakt</h2><p>Schreiben Sie unserem Datenschutzbeauftragten über ein Support-Ticket oder per E-Mail an privacy@cuspid.example.</p>',
    ].join(''),
  },
  fr: {
    faq: [
      {
        question: 'Comment envoyer un cas ?',
        answer:
          'Créez un cas, puis envoyez le scan de la mâchoire supérieure et celui de la mâchoire inférieure. Chaque fichier affiche son propre statut : en file d’attente, terminé ou non pris en charge.',
      },
      {
        question: 'Quels fichiers de scan sont pris en charge ?',
        answer:
          'Envoyez le maillage exporté par votre scanner intra-oral (par exemple STL, PLY ou OBJ). Un fichier illisible est marqué non pris en charge et peut être remplacé.',
      },
      {
        question: 'Combien de temps dure le traitement ?',
        answer:
          'La plupart des cas sont reconstruits en quelques minutes. Le statut passe de « en file d’attente » à « en cours » puis à « terminé » ; vous pouvez quitter la page entre-temps.',
      },
      {
        question: 'Comment valider ou refuser un résultat ?',
        answer:
          'Ouvrez le détail du cas, examinez les aperçus 3D des mâchoires supérieure et inférieure, puis validez ou refusez. Vous pouvez aussi noter le résultat pour nous aider à progresser.',
      },
      {
        question: 'Puis-je faire recalculer un cas ?',
        answer:
          'Oui. Remettez le cas en file d’attente depuis sa page de détail. Un recalcul consomme des crédits ; si vos crédits sont insuffisants, vous en êtes informé avant tout débit.',
      },
      {
        question: 'Comment fonctionnent les crédits ?',
        answer:
          'Chaque mâchoire traitée consomme des crédits selon votre forfait et votre pays. Votre solde et l’historique des crédits figurent dans le compte de votre entreprise.',
      },
      {
        question: 'Puis-je changer la langue ou le fuseau horaire ?',
        answer:
          'Le menu des langues en haut change la langue de l’interface. La langue de contact et le fuseau horaire se règlent dans les paramètres du compte.',
      },
      {
        question: 'Qui contacter en cas de problème ?',
        answer:
          'Ouvrez un ticket de support depuis le portail et décrivez ce qui s’est passé ; indiquez le nom du cas s’il s’agit d’un cas. Notre équipe répond sous un jour ouvré.',
      },
    ],
    dataPrivacy: [
      '<p>Nous traitons les données personnelles et les scans des patients uniquement pour fournir le service de reconstruction que vous avez commandé.</p>',
      '<h2>Qui est responsable</h2><p>Votre cabinet reste responsable du traitement des données des patients. Nous traitons les scans pour votre compte en tant que sous-traitant, dans le cadre d’un accord de traitement des données.</p>',
      '<h2>Ce que nous traitons</h2><p>Les données du compte (nom, adresse e-mail, numéros de téléphone, langue, fuseau horaire), les données de l’entreprise et de facturation, ainsi que les scans et résultats de vos cas.</p>',
      '<h2>Pourquoi nous les traitons</h2><p>Pour gérer votre compte, reconstruire et livrer les résultats, facturer nos services et répondre aux demandes de support. Nous ne vendons pas de données et ne les utilisons pas à des fins publicitaires.</p>',
      '<h2>Scans des patients</h2><p>Les scans sont transférés chiffrés et stockés dans un espace à accès contrôlé. Seuls votre entreprise et le personnel qui suit vos cas peuvent les ouvrir.</p>',
      '<h2>Durée de conservation</h2><p>Les données des cas sont conservées tant que votre compte est actif ou jusqu’à leur suppression. Les factures sont conservées aussi longtemps que la loi fiscale l’exige.</p>',
      '<h2>Vos droits</h2><p>Vous pouvez demander l’accès, la rectification, l’effacement, la limitation ou une copie de vos données, et introduire une réclamation auprès d’une autorité de contrôle.</p>',
      '<h2>Contact</h2><p>Écrivez à notre délégué à la protection des données via un ticket de support ou par e-mail à privacy@cuspid.example.</p>',
    ].join(''),
  },
};
