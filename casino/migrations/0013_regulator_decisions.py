# A game's life across jurisdictions: regulator filings and decisions, casino properties,
# the register's revocations, notices; today's approvals and tables carried forward.

import casino.models.regulators
import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


# Nevada Regulation 14: a new game is approved first for a field trial at a host casino.
FIELD_TRIALS = {"nevada": {"field_trial_required": True, "field_trial_days": 180}}


def carry_forward(apps, schema_editor):
    """Today's data in the new shape, with nothing lost.

    Each internally approved version was, in effect, approved in its variant's jurisdiction:
    it becomes one filing there with one approved decision, dated as the approval was. Each
    table moves to a property of its variant's jurisdiction (one per jurisdiction).
    """
    Jurisdiction = apps.get_model("casino", "Jurisdiction")
    Submission = apps.get_model("casino", "Submission")
    RegulatorSubmission = apps.get_model("casino", "RegulatorSubmission")
    RegulatorDecision = apps.get_model("casino", "RegulatorDecision")
    CasinoProperty = apps.get_model("casino", "CasinoProperty")
    Table = apps.get_model("casino", "TableConfiguration")

    for code, profile in FIELD_TRIALS.items():
        Jurisdiction.objects.filter(code=code).update(**profile)

    approvals = (Submission.objects.filter(status="approved")
                 .select_related("variant", "paytable_version").order_by("decided_at", "id"))
    for approval in approvals:
        filing = RegulatorSubmission.objects.create(
            paytable_version_id=approval.paytable_version_id,
            jurisdiction_id=approval.variant.jurisdiction_id,
            certification_run_id=approval.certification_run_id,
            submitted_by_id=approval.submitted_by_id,
        )
        decided = approval.decided_at or approval.updated_at
        RegulatorSubmission.objects.filter(pk=filing.pk).update(submitted_at=approval.submitted_at)
        decision = RegulatorDecision.objects.create(
            submission=filing, status="approved", reference=f"internal review {approval.pk}",
            reason=approval.decision_reason, effective=decided.date(), recorded_by_id=approval.reviewer_id,
        )
        RegulatorDecision.objects.filter(pk=decision.pk).update(recorded_at=decided)

    properties = {}
    for table in Table.objects.select_related("variant__jurisdiction").order_by("pk"):
        jurisdiction = table.variant.jurisdiction
        if jurisdiction.pk not in properties:
            properties[jurisdiction.pk] = _property_for(CasinoProperty, jurisdiction)
        Table.objects.filter(pk=table.pk).update(casino_property=properties[jurisdiction.pk])


def _property_for(CasinoProperty, jurisdiction):
    existing = CasinoProperty.objects.filter(jurisdiction=jurisdiction).order_by("pk").first()
    if existing is not None:
        return existing
    name, n = f"{jurisdiction.name} floor", 1
    while CasinoProperty.objects.filter(name=name).exists():
        n += 1
        name = f"{jurisdiction.name} floor {n}"
    return CasinoProperty.objects.create(name=name, jurisdiction=jurisdiction)


class Migration(migrations.Migration):

    dependencies = [
        ('casino', '0012_paytable_version_figures'),
        ('certification', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='historicaljurisdiction',
            name='approval_valid_years',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Years an approval lasts; blank: without end.', null=True),
        ),
        migrations.AddField(
            model_name='historicaljurisdiction',
            name='field_trial_days',
            field=models.PositiveIntegerField(blank=True, help_text='Fewest days a field trial lasts before final approval.', null=True),
        ),
        migrations.AddField(
            model_name='historicaljurisdiction',
            name='field_trial_min_rounds',
            field=models.PositiveBigIntegerField(default=0, help_text='Fewest rounds dealt in the field trial (from the uploaded field results).'),
        ),
        migrations.AddField(
            model_name='historicaljurisdiction',
            name='field_trial_required',
            field=models.BooleanField(default=False, help_text='A new version is first approved for a field trial, then for good.'),
        ),
        migrations.AddField(
            model_name='jurisdiction',
            name='approval_valid_years',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Years an approval lasts; blank: without end.', null=True),
        ),
        migrations.AddField(
            model_name='jurisdiction',
            name='field_trial_days',
            field=models.PositiveIntegerField(blank=True, help_text='Fewest days a field trial lasts before final approval.', null=True),
        ),
        migrations.AddField(
            model_name='jurisdiction',
            name='field_trial_min_rounds',
            field=models.PositiveBigIntegerField(default=0, help_text='Fewest rounds dealt in the field trial (from the uploaded field results).'),
        ),
        migrations.AddField(
            model_name='jurisdiction',
            name='field_trial_required',
            field=models.BooleanField(default=False, help_text='A new version is first approved for a field trial, then for good.'),
        ),
        migrations.CreateModel(
            name='CasinoProperty',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, unique=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('jurisdiction', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='properties', to='casino.jurisdiction')),
            ],
            options={
                'verbose_name_plural': 'casino properties',
                'ordering': ['name'],
            },
        ),
        migrations.AddField(
            model_name='historicaltableconfiguration',
            name='casino_property',
            field=models.ForeignKey(blank=True, db_constraint=False, help_text='The casino the table stands in; its jurisdiction decides what the table may deal.', null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='casino.casinoproperty'),
        ),
        migrations.AddField(
            model_name='tableconfiguration',
            name='casino_property',
            # Nullable until every existing table has its property (see carry_forward).
            field=models.ForeignKey(null=True, help_text='The casino the table stands in; its jurisdiction decides what the table may deal.', on_delete=django.db.models.deletion.PROTECT, related_name='tables', to='casino.casinoproperty'),
        ),
        migrations.CreateModel(
            name='CertificateRevocation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('reason', models.TextField()),
                ('revoked_at', models.DateTimeField(auto_now_add=True)),
                ('revoked_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('run', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='revocation', to='certification.certificationrun')),
            ],
            options={
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='HistoricalCasinoProperty',
            fields=[
                ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                ('name', models.CharField(db_index=True, max_length=200)),
                ('created_at', models.DateTimeField(blank=True, editable=False)),
                ('history_id', models.AutoField(primary_key=True, serialize=False)),
                ('history_date', models.DateTimeField(db_index=True)),
                ('history_change_reason', models.CharField(max_length=100, null=True)),
                ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('jurisdiction', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='casino.jurisdiction')),
            ],
            options={
                'verbose_name': 'historical casino property',
                'verbose_name_plural': 'historical casino properties',
                'ordering': ('-history_date', '-history_id'),
                'get_latest_by': ('history_date', 'history_id'),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name='RegulatorDecision',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('status', models.CharField(choices=[('submitted', 'Submitted'), ('field_trial', 'Field trial'), ('approved', 'Approved'), ('rejected', 'Rejected'), ('superseded', 'Superseded'), ('withdrawn', 'Withdrawn'), ('revoked', 'Revoked'), ('expired', 'Expired')], db_index=True, max_length=20)),
                ('reference', models.CharField(blank=True, help_text="The regulator's reference number for this decision.", max_length=100)),
                ('conditions', models.TextField(blank=True, help_text='E.g. "host casino only, at most 2 tables, 180 days".')),
                ('reason', models.TextField(blank=True, help_text='Why a filing was rejected, withdrawn or revoked.')),
                ('effective', models.DateField(blank=True, null=True)),
                ('expires', models.DateField(blank=True, help_text='Blank: without end.', null=True)),
                ('table_limit', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('letter', models.FileField(blank=True, max_length=300, null=True, upload_to=casino.models.regulators.letter_path)),
                ('letter_sha256', models.CharField(blank=True, max_length=64)),
                ('recorded_at', models.DateTimeField(auto_now_add=True)),
                ('host_property', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='field_trials', to='casino.casinoproperty')),
                ('recorded_by', models.ForeignKey(blank=True, help_text='Blank: recorded by the scheduled job.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['submission_id', 'recorded_at', 'id'],
            },
        ),
        migrations.CreateModel(
            name='Notice',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('superseded', 'Superseded'), ('withdrawn', 'Withdrawn'), ('revoked', 'Revoked'), ('expired', 'Expired')], db_index=True, max_length=20)),
                ('title', models.CharField(max_length=300)),
                ('body', models.TextField()),
                ('posted_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                ('jurisdiction', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='notices', to='casino.jurisdiction')),
                ('paytable_version', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='notices', to='casino.paytableversion')),
                ('decision', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='notices', to='casino.regulatordecision')),
            ],
            options={
                'ordering': ['-posted_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='RegulatorSubmission',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('submitted_at', models.DateTimeField(auto_now_add=True)),
                ('certification_run', models.ForeignKey(blank=True, help_text='The certification run (and certificate) the filing rests on; blank only for approvals carried over from before runs were linked to decisions.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='regulator_submissions', to='certification.certificationrun')),
                ('jurisdiction', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='regulator_submissions', to='casino.jurisdiction')),
                ('paytable_version', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='regulator_submissions', to='casino.paytableversion')),
                ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-submitted_at', '-id'],
            },
        ),
        migrations.AddField(
            model_name='regulatordecision',
            name='submission',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='decisions', to='casino.regulatorsubmission'),
        ),
        migrations.CreateModel(
            name='ExpiryWarning',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('days_before', models.PositiveSmallIntegerField()),
                ('sent_at', models.DateTimeField(auto_now_add=True)),
                ('decision', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='expiry_warnings', to='casino.regulatordecision')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('decision', 'days_before'), name='expiry_warning_once_per_step')],
            },
        ),
        migrations.AddIndex(
            model_name='regulatorsubmission',
            index=models.Index(fields=['paytable_version', 'jurisdiction'], name='casino_regu_paytabl_bbf5e2_idx'),
        ),
        migrations.AddConstraint(
            model_name='regulatordecision',
            constraint=models.CheckConstraint(condition=models.Q(('expires__isnull', True), ('effective__isnull', True), ('expires__gte', models.F('effective')), _connector='OR'), name='regulator_decision_expires_after_effective'),
        ),
        migrations.RunPython(carry_forward, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='tableconfiguration',
            name='casino_property',
            field=models.ForeignKey(help_text='The casino the table stands in; its jurisdiction decides what the table may deal.', on_delete=django.db.models.deletion.PROTECT, related_name='tables', to='casino.casinoproperty'),
        ),
    ]
