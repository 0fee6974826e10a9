# A jurisdiction names the language of its documents (packet and certificates).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('casino', '0016_regulator_scopes'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicaljurisdiction',
            name='language',
            field=models.CharField(choices=[('en', 'English'), ('it', 'Italiano'), ('es', 'Español')], default='en', help_text='The language of its packet and certificates, whoever builds them.', max_length=5),
        ),
        migrations.AddField(
            model_name='jurisdiction',
            name='language',
            field=models.CharField(choices=[('en', 'English'), ('it', 'Italiano'), ('es', 'Español')], default='en', help_text='The language of its packet and certificates, whoever builds them.', max_length=5),
        ),
    ]
